import type { TablesInventory } from './context/bounded-context';

/** The platform's own tables: the log, the keys, the remembered answers, the checkpoints. */
export const platformTables: TablesInventory = {
  events: {
    atClosing: 'kept',
    // A declared personal field never reaches `data`: appendEvents seals it into personal_data.
    personal: { personal_data: 'sealed' },
    notPersonal: ['data', 'metadata', 'event_type', 'stream_type'],
  },
  data_subject_keys: { personal: { sealed_key: 'sealed' }, atClosing: 'by its context' },
  command_idempotency: {
    personal: { body: 'deleted with the person' },
    notPersonal: ['key', 'request_fingerprint'],
  },
  entities: { notPersonal: ['kind'], atClosing: 'by its context' },
  entity_references: { notPersonal: ['source_kind', 'target_kind'], atClosing: 'by its context' },
  projection_checkpoints: { notPersonal: ['name'], atClosing: 'kept' },
  kysely_migration: { notPersonal: ['name', 'timestamp'], atClosing: 'kept' },
  kysely_migration_lock: { notPersonal: ['id'], atClosing: 'kept' },
};
