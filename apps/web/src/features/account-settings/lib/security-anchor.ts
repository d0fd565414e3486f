/** `/edit-profile#security`: where the staff redirect and links to the security section aim. */
export const SECURITY_PATH = '/edit-profile';
export const SECURITY_SECTION_ID = 'security';
