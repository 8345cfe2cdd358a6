/** Query keys of the invites feature (public: the invite page reads without a session). */
export const inviteKeys = {
  all: ['invites'] as const,
  detail: (token: string) => [...inviteKeys.all, 'detail', token] as const,
};
