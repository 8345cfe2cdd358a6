import { Injectable } from '@nestjs/common';
import { commandHandlerFor } from '../../platform/event-store/command-runner';
import { studentDecider } from '../domain/student.decider';

/** Every student command, decided on the student's stream. */
@Injectable()
export class StudentCommands extends commandHandlerFor(studentDecider) {}
