import type { BoundedContext } from '../platform/context/bounded-context';
import { bookingConfigShape } from './booking.config';
import { BookingModule } from './booking.module';
import { bookingTables } from './booking.tables';

/**
 * Public booking: the trainer's page by slug (/p/{slug}), the open slots of a location and a
 * visitor's booking (rate-limited per client address), and the public link settings
 * (/link-publico). The slots and the booking are the scheduling context's, through SlotBooking.
 */
export const bookingContext: BoundedContext = {
  name: 'booking',
  tables: bookingTables,
  module: BookingModule,
  config: bookingConfigShape,
};
