import { DIFFICULTIES, MODULE_ACCESS_FILTERS, type Difficulty, type ModuleAccessFilter } from '@bastion/contract';

/** R3 module list filters, as kept in the /modules address: difficulty, course, access, searchTerm, page. */
export interface ModuleFilters {
  difficulty: Difficulty | '';
  course: string;
  access: ModuleAccessFilter;
  searchTerm: string;
  page: number;
}

export const DEFAULT_MODULE_FILTERS: ModuleFilters = {
  difficulty: '',
  course: '',
  access: 'all',
  searchTerm: '',
  page: 1,
};

const isDifficulty = (value: string | null): value is Difficulty =>
  (DIFFICULTIES as readonly string[]).includes(value ?? '');
const isAccess = (value: string | null): value is ModuleAccessFilter =>
  (MODULE_ACCESS_FILTERS as readonly string[]).includes(value ?? '');

/** Reads the filters from the address; unknown values fall back to the defaults rather than failing. */
export function readModuleFilters(params: URLSearchParams): ModuleFilters {
  const difficulty = params.get('difficulty');
  const access = params.get('access');
  const page = Number(params.get('page'));
  return {
    difficulty: isDifficulty(difficulty) ? difficulty : '',
    course: params.get('course')?.trim() ?? '',
    access: isAccess(access) ? access : 'all',
    searchTerm: params.get('searchTerm') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address form: defaults are left out so /modules stays clean. */
export function writeModuleFilters(filters: ModuleFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.difficulty) params.set('difficulty', filters.difficulty);
  if (filters.course) params.set('course', filters.course);
  if (filters.access !== 'all') params.set('access', filters.access);
  if (filters.searchTerm.trim()) params.set('searchTerm', filters.searchTerm);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** R7: GET module_list/?page=&difficulty=&course=&access=&search= (searchTerm travels as `search`). */
export function moduleListParams(filters: ModuleFilters): Record<string, string> {
  const params: Record<string, string> = { page: String(filters.page) };
  if (filters.difficulty) params.difficulty = filters.difficulty;
  if (filters.course) params.course = filters.course;
  params.access = filters.access;
  const search = filters.searchTerm.trim();
  if (search) params.search = search;
  return params;
}

export function filtersAreDefault(filters: ModuleFilters): boolean {
  return !filters.difficulty && !filters.course && filters.access === 'all' && !filters.searchTerm.trim();
}
