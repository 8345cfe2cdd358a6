import {
  WHATSAPP_ACCOUNT_EVENT_TYPES,
  type WhatsAppAccountEvent,
} from '../../contracts/messaging/events';
import {
  eventsOfTypes,
  type Projection,
  type ProjectionChange,
} from '../../platform/projections/projection';

/**
 * `whatsapp_accounts` (how each trainer sends: the webhooks find a tenant by its number or WABA
 * here) and `whatsapp_templates` (each template's review, which decides whether a message may go
 * by WhatsApp). Turning WhatsApp off forgets the templates: connecting again records them anew.
 */
export const whatsAppAccountsProjection: Projection = {
  name: 'whatsapp-accounts',
  tables: ['whatsapp_accounts', 'whatsapp_templates'],
  eventTypes: WHATSAPP_ACCOUNT_EVENT_TYPES,
  async apply(batch, trx) {
    const tenants = new Set<string>();
    for (const stored of eventsOfTypes<WhatsAppAccountEvent>(batch, WHATSAPP_ACCOUNT_EVENT_TYPES)) {
      const { event, tenantId } = stored;
      tenants.add(tenantId);
      switch (event.type) {
        case 'WhatsAppConfigured': {
          const row = { ...event.data };
          await trx
            .insertInto('whatsappAccounts')
            .values({ tenantId, ...row })
            .onConflict((conflict) => conflict.column('tenantId').doUpdateSet(row))
            .execute();
          if (event.data.modo === 'desligado')
            await trx.deleteFrom('whatsappTemplates').where('tenantId', '=', tenantId).execute();
          break;
        }
        case 'WhatsAppTemplateSubmitted':
        case 'WhatsAppTemplateReviewed': {
          const { nome, wabaId, templateId, status } = event.data;
          const row = {
            wabaId,
            templateId,
            status,
            motivo: event.type === 'WhatsAppTemplateReviewed' ? event.data.motivo : null,
          };
          await trx
            .insertInto('whatsappTemplates')
            .values({ tenantId, nome, ...row })
            .onConflict((conflict) => conflict.columns(['tenantId', 'nome']).doUpdateSet(row))
            .execute();
        }
      }
    }
    // Ajustes › WhatsApp shows the templates' reviews as they arrive.
    return [...tenants].map((tenantId): ProjectionChange => ({
      tenantId,
      type: 'whatsapp',
      id: tenantId,
    }));
  },
};
