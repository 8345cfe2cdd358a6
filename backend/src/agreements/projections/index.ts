import { contractSignaturesProjection } from './contract-signatures.projection';
import { contractsProjection } from './contracts.projection';

export const CONTRACTS_PROJECTION = contractsProjection.name;
export const CONTRACT_SIGNATURES_PROJECTION = contractSignaturesProjection.name;

/** The read models of the agreements context, run by the worker (named in CONTRACT_READ_MODELS). */
export const agreementProjections = [contractsProjection, contractSignaturesProjection];
