import { Module } from '@nestjs/common';
import { PublicBooking } from './commands/public-booking';
import { PublicLinkCommands } from './commands/public-link.commands';
import { PublicBookingController } from './public-booking.controller';
import { PublicLinkController } from './public-link.controller';
import { PhoneClaims } from './commands/phone-claims';

@Module({
  controllers: [PublicBookingController, PublicLinkController],
  providers: [PublicLinkCommands, PublicBooking, PhoneClaims],
})
export class BookingModule {}
