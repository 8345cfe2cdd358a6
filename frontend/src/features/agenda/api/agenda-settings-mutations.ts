import { agendaSettingsApi, calendarApi } from '@contracts/scheduling/api';
import { useOperation } from '../../../entities/operation';

/** PUT /api/availability: every row replaced at once (a failed save keeps the previous ones). */
export const useSaveAvailability = () =>
  useOperation(agendaSettingsApi.setAvailability);

/** POST /api/vacations `{ startDate, endDate, description? }`: no booking in those days. */
export const useStartVacation = () =>
  useOperation(agendaSettingsApi.startVacation);

/** DELETE /api/vacations/:id: the period leaves the list and stops blocking. */
export const useEndVacation = () =>
  useOperation(agendaSettingsApi.endVacation);

/** POST /api/calendar/secret: a new private iCal address (the previous one stops working). */
export const useIssueCalendarFeed = () => useOperation(calendarApi.issue);
