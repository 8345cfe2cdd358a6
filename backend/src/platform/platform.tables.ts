import type { TablesInventory } from './context/bounded-context';

/** The platform's own tables: the log, the keys, the remembered answers, the checkpoints. */
export const platformTables: TablesInventory = {
  events: {
    // A declared personal field never reaches `data`: appendEvents seals it into personal_data.
    personal: { personal_data: 'sealed' },
    notPersonal: ['data', 'metadata', 'event_type', 'stream_type'],
  },
  data_subject_keys: { personal: { sealed_key: 'sealed' } },
  command_idempotency: {
    personal: { body: 'deleted with the person' },
    notPersonal: ['key', 'request_fingerprint'],
  },
  entities: { notPersonal: ['kind'] },
  entity_references: { notPersonal: ['source_kind', 'target_kind'] },
  projection_checkpoints: { notPersonal: ['name'] },
  kysely_migration: { notPersonal: ['name', 'timestamp'] },
  kysely_migration_lock: { notPersonal: ['id'] },
};
