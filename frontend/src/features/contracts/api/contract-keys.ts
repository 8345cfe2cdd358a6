/** Query keys of the trainer's contracts and terms. */
export const contractKeys = {
  all: ['contracts'] as const,
  list: () => [...contractKeys.all, 'list'] as const,
  signatures: (id: string) => [...contractKeys.all, 'signatures', id] as const,
};
