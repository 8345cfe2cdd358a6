import type { TablesInventory } from '../platform/context/bounded-context';

/** The booking context's tables and what their text columns hold of a person. */
export const bookingTables: TablesInventory = {
  public_booking_counts: { personal: { telefone: 'deleted with the person' } },
};
