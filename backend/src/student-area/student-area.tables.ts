import type { TablesInventory } from '../platform/context/bounded-context';

/** The student-area context's tables and what their text columns hold of a person. */
export const studentAreaTables: TablesInventory = {};
