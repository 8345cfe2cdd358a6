declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { saved?: boolean };
  }
}

/**
 * For queries that are not the signed-in user's data (an invite, a public page): never saved on the
 * device, so a reload reads them afresh (an invite used a minute ago must not come back as valid).
 */
export const NOT_SAVED = { saved: false } as const;
