/** Query keys of public booking (the visitor's pages read without a session; the link settings with one). */
export const publicBookingKeys = {
  all: ['public-booking'] as const,
  page: (slug: string) => [...publicBookingKeys.all, 'page', slug] as const,
  slots: (slug: string, locationId: string) => [...publicBookingKeys.all, 'slots', slug, locationId] as const,
  settings: () => [...publicBookingKeys.all, 'settings'] as const,
  locations: () => [...publicBookingKeys.all, 'locations'] as const,
};
