export const courseModulesPath = (courseId: string) => `/courses/course/${courseId}/modules`;
export const moduleLessonsPath = (moduleId: string) => `/courses/module/${moduleId}/lessons`;
export const courseCompletionPath = (completionId: string) => `/completion/course/${completionId}`;
export const moduleCompletionPath = (completionId: string) => `/completion/module/${completionId}`;
