import {
  SESSION_STATUS_LABELS,
  SESSION_STATUSES,
  type Session,
  sessionsApi,
} from '@contracts/scheduling/api';
import { Box, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { locationsQuery } from '../../../entities/locations';
import { studentsQuery } from '../../../entities/students';
import { tasksQuery } from '../../../entities/tasks';
import { vacationsQuery } from '../../../entities/vacations';
import { isApiError } from '../../../lib/api-error';
import { itemsOf } from '../../../lib/contract-query';
import { formatPt } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { sessionsQuery } from '../../../entities/sessions';
import { AgendaToolbar } from '../components/agenda-toolbar';
import classes from '../components/agenda.module.css';
import { AvailabilityDialog } from '../components/availability-dialog';
import {
  DayList,
  isPending,
  MonthView,
  PENDING_LABEL,
  SessionRow,
  TaskRow,
  TimeGrid,
  YearView,
} from '../components/calendar-views';
import { PublicLinksDialog } from '../components/public-links-dialog';
import { SessionDetailDialog } from '../components/session-detail-dialog';
import {
  notifyWarning,
  SessionFormDialog,
  type SessionFormTarget,
} from '../components/session-form-dialog';
import { VacationDialog } from '../components/vacation-dialog';
import {
  type CalendarMode,
  fetchedRange,
  isCalendarMode,
  matchesSearch,
  rangesAhead,
  shiftDate,
  taskMatchesSearch,
  todayInAgendaZone,
  visibleRange,
} from '../lib/calendar';
import { useOperation } from '../../../entities/operation';

/** `?modo=` and `?data=` keep the view in the address (back, reload, a link); `?novo=agendamento` opens the form. */
const MODE_PARAM = 'modo';
const DATE_PARAM = 'data';
const NEW_PARAM = 'novo';
const FETCH_AHEAD_AFTER_MS = 100;

function periodTitle(mode: CalendarMode, days: string[], date: string): string {
  switch (mode) {
    case 'dia':
      return formatPt(date, "EEEE, d 'de' MMMM 'de' yyyy");
    case 'semana': {
      const first = days[0];
      const last = days[days.length - 1];
      return first.slice(0, 7) === last.slice(0, 7)
        ? `${formatPt(first, 'd')} – ${formatPt(last, "d 'de' MMMM 'de' yyyy")}`
        : `${formatPt(first, "d 'de' MMM")} – ${formatPt(last, "d 'de' MMM 'de' yyyy")}`;
    }
    case 'mes':
      return formatPt(date, "MMMM 'de' yyyy");
    case 'ano':
      return date.slice(0, 4);
  }
}

/**
 * The agenda's calendar (spec 000 §2): Dia, Semana, Mês and Ano over the sessions of the visible
 * range, days cut in São Paulo. A phone opens on the day; a wide screen on the week grid.
 */
export function AgendaPage() {
  const wide =
    useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [params, setParams] = useSearchParams();
  const today = todayInAgendaZone();
  const requestedMode = params.get(MODE_PARAM);
  const mode: CalendarMode = isCalendarMode(requestedMode)
    ? requestedMode
    : wide
      ? 'semana'
      : 'dia';
  const requestedDate = params.get(DATE_PARAM);
  const date = requestedDate && /^\d{4}-\d{2}-\d{2}$/.test(requestedDate) ? requestedDate : today;
  const range = useMemo(() => visibleRange(mode, date), [mode, date]);
  const [search, setSearch] = useState('');

  // Dia reads its whole week: the weeks fetched ahead for offline reading (app/offline/prefetch.ts) cover every day.
  const fetched = useMemo(() => fetchedRange(mode, date), [mode, date]);
  // Moving to the next week keeps showing the last one until it loads.
  const sessions = useQuery({
    ...sessionsQuery(fetched),
    select: itemsOf,
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const loaded = sessions.isSuccess && !sessions.isPlaceholderData;
  useEffect(() => {
    if (!loaded) return;
    // After the frame that shows this range: fetching ahead never delays the answer to a click.
    const timer = window.setTimeout(() => {
      for (const ahead of rangesAhead(mode, date))
        void queryClient.prefetchQuery(sessionsQuery(ahead));
    }, FETCH_AHEAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, mode, date, queryClient]);
  const students = useQuery({ ...studentsQuery(), select: itemsOf });
  const locations = useQuery({ ...locationsQuery(), select: itemsOf });
  // The calendar shows the tasks with a due date on their day.
  const tasks = useQuery({ ...tasksQuery(), select: itemsOf });
  const vacations = useQuery({ ...vacationsQuery(), select: itemsOf });
  const change = useOperation(sessionsApi.change);
  const form = useDialogTarget<SessionFormTarget>();
  const detail = useDialogTarget<string>();
  const [dialog, setDialog] = useState<'links' | 'availability' | 'vacation' | null>(null);

  const setView = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        // A click on the calendar shows its answer in the same frame: a plain render, not a
        // router transition sliced over several frames.
        { replace: true, flushSync: true },
      ),
    [setParams],
  );

  // The range a click leads to is asked for before the render that answers the click, so the read
  // and the render overlap (a range already read asks nothing).
  const showCalendar = (next: { mode?: CalendarMode; date?: string }) => {
    const nextRange = fetchedRange(next.mode ?? mode, next.date ?? date);
    void queryClient.prefetchQuery(sessionsQuery(nextRange));
    setView({
      ...(next.mode && { [MODE_PARAM]: next.mode }),
      ...(next.date && { [DATE_PARAM]: next.date }),
    });
  };

  const allSessions = useMemo(
    () =>
      (sessions.data ?? []).filter(
        (session) => session.inicio >= range.from && session.inicio < range.to,
      ),
    [sessions.data, range],
  );
  const shown = useMemo(
    () => allSessions.filter((session) => matchesSearch(session, search)),
    [allSessions, search],
  );
  const shownTasks = useMemo(() => {
    const first = range.days[0];
    const last = mode === 'ano' ? `${date.slice(0, 4)}-12-31` : range.days[range.days.length - 1];
    return (tasks.data ?? []).filter(
      (task) =>
        task.dataVencimento !== null &&
        task.dataVencimento >= first &&
        task.dataVencimento <= last &&
        taskMatchesSearch(task, search),
    );
  }, [tasks.data, range.days, mode, date, search]);
  const creatingFromLink = params.get(NEW_PARAM) === 'agendamento';
  const formTarget: SessionFormTarget | null = creatingFromLink
    ? { kind: 'new', date }
    : form.target;
  const closeForm = () => {
    if (creatingFromLink) setView({ [NEW_PARAM]: null });
    form.close();
  };
  const detailSession = allSessions.find((session) => session.id === detail.target) ?? null;
  const studentList = students.data ?? [];
  const locationList = locations.data ?? [];

  const move = (session: Session, inicio: string, fim: string) =>
    change.mutate(
      {
        params: { id: session.id },
        body: { inicio, fim, ...(session.seriesId && { scope: 'one' as const }) },
      },
      {
        onSuccess: (answer) => {
          notifySuccess('Agendamento atualizado com sucesso!');
          notifyWarning(answer.warning);
        },
        onError: (error) =>
          notifyError(
            isApiError(error, 'schedule_conflict')
              ? 'Conflito de horário'
              : 'Erro ao atualizar agendamento',
            error,
          ),
      },
    );

  const viewProps = {
    days: range.days,
    sessions: shown,
    tasks: shownTasks,
    today,
    now: new Date(),
    onOpen: (session: Session) => detail.open(session.id),
    onCreate: (day: string, time?: string) => form.open({ kind: 'new', date: day, inicio: time }),
    onPickDay: (day: string) => showCalendar({ mode: 'dia', date: day }),
    onVacation: (day: string) =>
      (vacations.data ?? []).some(
        (vacation) => vacation.startDate <= day && day <= vacation.endDate,
      ),
  };

  const searching = search.trim() !== '';
  return (
    <>
      <VisuallyHidden component="h1">Agenda</VisuallyHidden>
      <AgendaToolbar
        mode={mode}
        title={periodTitle(mode, range.days, date)}
        search={search}
        wide={wide}
        onMode={(next) => showCalendar({ mode: next })}
        onToday={() => showCalendar({ date: today })}
        onStep={(direction) => showCalendar({ date: shiftDate(mode, date, direction) })}
        onSearch={setSearch}
        onNewSession={() => form.open({ kind: 'new', date })}
        onLinks={() => setDialog('links')}
        onAvailability={() => setDialog('availability')}
        onVacation={() => setDialog('vacation')}
      />
      <div className={classes.legend} aria-label="Legenda">
        {SESSION_STATUSES.map((status) => (
          <span key={status}>
            <span
              className={`${classes.legendDot} ${classes.status}`}
              data-status={status}
              style={{ background: 'var(--status-color)' }}
            />
            {SESSION_STATUS_LABELS[status]}
          </span>
        ))}
        {allSessions.some(isPending) && (
          <span>
            <span
              className={`${classes.legendDot} ${classes.status}`}
              data-pending
              style={{ background: 'var(--status-color)' }}
            />
            {PENDING_LABEL}
          </span>
        )}
      </div>

      {sessions.isPending ? (
        <PageLoader />
      ) : sessions.isError ? (
        <LoadError
          title="Erro ao carregar agendamentos"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : searching ? (
        <Box role="region" aria-label="Resultados da busca">
          {shown.length === 0 && shownTasks.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              Nenhum resultado encontrado
            </Text>
          ) : (
            <>
              {shown.map((session) => (
                <SessionRow key={session.id} session={session} onOpen={viewProps.onOpen} />
              ))}
              {shownTasks.map((task) => (
                <TaskRow key={task.id} task={task} />
              ))}
            </>
          )}
        </Box>
      ) : mode === 'mes' ? (
        <MonthView {...viewProps} compact={!wide} month={date.slice(0, 7)} />
      ) : mode === 'ano' ? (
        <YearView {...viewProps} onPickMonth={(day) => showCalendar({ mode: 'mes', date: day })} />
      ) : mode === 'semana' && !wide ? (
        <DayList {...viewProps} />
      ) : (
        <TimeGrid {...viewProps} onMove={move} />
      )}

      <SessionFormDialog
        target={formTarget}
        opened={form.opened || creatingFromLink}
        students={studentList}
        locations={locationList}
        onClose={closeForm}
      />
      <SessionDetailDialog
        session={detailSession}
        student={studentList.find((student) => student.id === detailSession?.studentId)}
        location={locationList.find((location) => location.id === detailSession?.locationId)}
        opened={detail.opened && detailSession !== null}
        onClose={detail.close}
        onEdit={(session) => {
          detail.close();
          form.open({ kind: 'edit', session });
        }}
      />
      <PublicLinksDialog
        opened={dialog === 'links'}
        onClose={() => setDialog(null)}
        locations={locationList}
      />
      <AvailabilityDialog opened={dialog === 'availability'} onClose={() => setDialog(null)} />
      <VacationDialog
        opened={dialog === 'vacation'}
        onClose={() => setDialog(null)}
        onReschedule={(session) => {
          setDialog(null);
          form.open({ kind: 'edit', session });
        }}
      />
    </>
  );
}
