import { Global, Module } from '@nestjs/common';
import { CommandRunner } from './command-runner';

@Global()
@Module({ providers: [CommandRunner], exports: [CommandRunner] })
export class EventStoreModule {}
