import { Global, Module } from '@nestjs/common';
import { CommandRunner } from './command-runner';
import { EventStore } from './event-store';

@Global()
@Module({ providers: [EventStore, CommandRunner], exports: [EventStore, CommandRunner] })
export class EventStoreModule {}
