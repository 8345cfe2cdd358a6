import { Module } from '@nestjs/common';
import { PublicLinkService } from './application/public-link.service';
import { PublicBooking } from './commands/public-booking';
import { PublicLinkCommands } from './commands/public-link.commands';
import { PublicBookingController } from './public-booking.controller';
import { PublicLinkController } from './public-link.controller';
import { PhoneClaims } from './commands/phone-claims';
import { VisitorOptInCommands } from './commands/visitor-opt-in.commands';

@Module({
  controllers: [PublicBookingController, PublicLinkController],
  providers: [
    PublicLinkCommands,
    VisitorOptInCommands,
    PublicBooking,
    PhoneClaims,
    PublicLinkService,
  ],
})
export class BookingModule {}
