import type { CalendarFeed } from '@contracts/scheduling';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/calendar/secret: a new private iCal address (the previous one stops working). */
export function issueCalendarFeed() {
  return api.post<CalendarFeed>('/calendar/secret');
}

export function useIssueCalendarFeed() {
  return useMutation({ mutationFn: issueCalendarFeed });
}
