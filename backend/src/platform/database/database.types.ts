/**
 * Row types of every table, in camelCase as the CamelCasePlugin exposes them.
 * Contexts add their tables here as their migrations create them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
