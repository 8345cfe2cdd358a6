import { whatsAppApi } from '@contracts/messaging/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/settings/whatsapp: the mode, the number and each template's review. */
export const whatsAppSettingsQuery = () => getQuery(whatsAppApi.settings, {});

export const whatsAppSettingsKey = keyOf(whatsAppApi.settings);

/** GET /api/students/:id/channels: how the student is reached, with the WhatsApp consent. */
export const studentChannelsQuery = (studentId: string) =>
  getQuery(whatsAppApi.channels, { params: { id: studentId } });

export const studentChannelsKey = keyOf(whatsAppApi.channels);
