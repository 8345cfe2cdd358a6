import { Module } from '@nestjs/common';
import { StudentAreaService } from './application/student-area.service';
import { StudentAreaController } from './student-area.controller';

@Module({ controllers: [StudentAreaController], providers: [StudentAreaService] })
export class StudentAreaModule {}
