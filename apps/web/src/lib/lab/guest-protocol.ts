/** The guest's side of a lab start (packages/labs): the ready marker, the setup, the spec's types. */
export { defaultLabIdentity, labReadyMarker, provisionLab } from '@bastion/labs';
export type { LabFile, LabSpec, SerialLink } from '@bastion/labs';
