import type { TablesInventory } from '../platform/context/bounded-context';

/** The advisor context's tables and what their text columns hold of a person. */
export const advisorTables: TablesInventory = {};
