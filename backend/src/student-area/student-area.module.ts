import { Module } from '@nestjs/common';
import { StudentAreaController } from './student-area.controller';

@Module({ controllers: [StudentAreaController] })
export class StudentAreaModule {}
