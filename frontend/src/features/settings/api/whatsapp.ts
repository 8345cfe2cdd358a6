import { whatsAppApi } from '@contracts/messaging/api';
import { useOperation } from '../../../entities/operation';

/** PUT /api/settings/whatsapp: connects (creating the templates) or turns WhatsApp off. */
export const useSaveWhatsAppSettings = () => useOperation(whatsAppApi.saveSettings);

/** POST /api/settings/whatsapp/test: 'Testar conexão', what failed said in pt-BR. */
export const useTestWhatsAppConnection = () => useOperation(whatsAppApi.test);
