import {
  sessionLocationLabel,
  RESCHEDULE_REQUESTED_LABEL,
  SESSION_STATUS_LABELS,
  type Session,
  STUDENT_NOT_FOUND_LABEL,
} from '@contracts/scheduling/api';
import type { Task } from '@contracts/tasks/api';
import { zonedInstant, zonedParts } from '@contracts/shared/time';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPt } from '../../../lib/format';
import { AGENDA_TIME_ZONE, byDay, miniMonth, monthCellItems, tasksByDay, timeOf } from '../lib/calendar';
import { gridRows, hourAxis, layoutDay } from '../lib/session-layout';
import classes from './agenda.module.css';

const HOUR_PX = 56;
/** Dragging snaps to quarters of an hour. */
const SNAP_MINUTES = 15;
const DRAG_THRESHOLD_PX = 6;

const studentName = (session: Session) => session.studentNome ?? STUDENT_NOT_FOUND_LABEL;
const locationName = (session: Session) =>
  sessionLocationLabel(session);

/** A booking from the public page the trainer has not confirmed yet. */
export const isPending = (session: Session) => !session.confirmado && session.status === 'agendada';
export const PENDING_LABEL = 'A confirmar';

/** The student tapped 'Preciso remarcar' on the reminder of a session still ahead. */
export const asksToReschedule = (session: Session) => session.remarcarPedido && session.status === 'agendada';

/** The tag a session shows in the calendar: 'A confirmar', or 'Remarcar' when the student asked. */
const tagOf = (session: Session) =>
  isPending(session) ? PENDING_LABEL : asksToReschedule(session) ? 'Remarcar' : null;
/** Highlighted on the calendar: to confirm, or asked to reschedule. */
const highlighted = (session: Session) => isPending(session) || asksToReschedule(session) || undefined;

/** When and where a session is, as the calendar writes it: '07:00–08:00 · Academia'. */
const whenAndWhere = (session: Session) => `${timeOf(session.inicio)}–${timeOf(session.fim)} · ${locationName(session)}`;

/**
 * A session's name: the words it shows, in their order, so that it holds what a voice-control user
 * reads on it (WCAG 2.5.3), then what it shows only as colour: 'Ana Souza 07:00–08:00 · Academia ·
 * Agendada' (', Aluno pediu para remarcar', ', Confirmado pelo aluno'), after its tag ('A confirmar',
 * 'Remarcar') and, on a row, its start.
 */
export const sessionLabel = (session: Session, { row = false } = {}) => {
  const tag = tagOf(session);
  return `${row ? `${timeOf(session.inicio)} ` : ''}${tag ? `${tag} ` : ''}${studentName(session)} ${whenAndWhere(session)} · ${SESSION_STATUS_LABELS[session.status]}${asksToReschedule(session) ? `, ${RESCHEDULE_REQUESTED_LABEL}` : ''}${session.confirmadoPeloAluno && session.status === 'agendada' ? ', Confirmado pelo aluno' : ''}`;
};

/** A task opens the tasks view on its list. */
const taskLink = (task: Task) => `/agenda/tarefas?lista=${encodeURIComponent(task.listId)}`;
const taskLabel = (task: Task) =>
  `Tarefa: ${task.titulo}${task.horaVencimento ? `, ${task.horaVencimento}` : ''}${task.concluida ? ', concluída' : ''}`;

export function TaskChip({ task }: { task: Task }) {
  return (
    <Link to={taskLink(task)} className={classes.taskChip} data-done={task.concluida || undefined} aria-label={taskLabel(task)}>
      {task.horaVencimento ? `${task.horaVencimento} ` : ''}
      {task.titulo}
    </Link>
  );
}

export function TaskRow({ task }: { task: Task }) {
  return (
    <Link to={taskLink(task)} className={classes.taskRow} data-done={task.concluida || undefined} aria-label={taskLabel(task)}>
      <span className={classes.listTime}>{task.horaVencimento ?? 'Dia'}</span>
      <span className={classes.eventTitle}>{task.titulo}</span>
    </Link>
  );
}

export interface ViewProps {
  days: string[];
  sessions: Session[];
  /** Tasks with a due date (spec 000 §2: the calendar shows them on their day). */
  tasks: Task[];
  today: string;
  now: Date;
  onOpen: (session: Session) => void;
  onCreate: (date: string, time?: string) => void;
  onPickDay: (date: string) => void;
  /** A day inside an active vacation (shaded on every view). */
  onVacation: (date: string) => boolean;
}

interface Drag {
  id: string;
  pointerId: number;
  x: number;
  y: number;
  dx: number;
  dy: number;
  moved: boolean;
  columnWidth: number;
}

/**
 * Day and week: hours down, days across, sessions placed by their times in São Paulo (overlapping
 * ones side by side). Only the hours with items are drawn, plus the current hour (spec 000 §2);
 * 'Mostrar todas as horas' draws the whole day. Tapping an hour books it; dragging a session moves
 * it (snapped to 15 min).
 */
export function TimeGrid({
  days,
  sessions,
  tasks,
  today,
  now,
  onOpen,
  onCreate,
  onPickDay,
  onVacation,
  onMove,
}: ViewProps & { onMove: (session: Session, inicio: string, fim: string) => void }) {
  const perDay = byDay(sessions);
  const placedPerDay = days.map((day) => layoutDay(perDay.get(day) ?? [], day));
  const tasksPerDay = tasksByDay(tasks);
  const withTasks = days.some((day) => tasksPerDay.has(day));
  const nowParts = zonedParts(now, AGENDA_TIME_ZONE);
  const nowMinutes = nowParts.hour * 60 + nowParts.minute;
  const [allHours, setAllHours] = useState(false);
  const hours = gridRows(placedPerDay.flat(), { now: days.includes(today) ? nowMinutes : undefined, all: allHours });
  const axis = hourAxis(hours, HOUR_PX);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const update = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const quarterPx = HOUR_PX / (60 / SNAP_MINUTES);
  const snappedPx = (dy: number) => Math.round(dy / quarterPx) * quarterPx;
  /** Where a dragged start lands: the minute drawn there, snapped to a quarter. */
  const landing = (start: number, dy: number) => Math.round(axis.minutesAt(axis.y(start) + snappedPx(dy)) / SNAP_MINUTES) * SNAP_MINUTES;
  const dayShift = (state: Drag) => (days.length > 1 ? Math.round(state.dx / state.columnWidth) : 0);

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>, session: Session) => {
    if (event.button !== 0) return;
    const column = event.currentTarget.parentElement;
    // A finger scrolls the page (a tap still opens the session); a mouse or a pen drags.
    if (event.pointerType !== 'touch') event.currentTarget.setPointerCapture(event.pointerId);
    update({
      id: session.id,
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      dx: 0,
      dy: 0,
      moved: false,
      columnWidth: column?.getBoundingClientRect().width ?? 1,
    });
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const state = dragRef.current;
    if (!state || state.pointerId !== event.pointerId || event.pointerType === 'touch') return;
    const dx = event.clientX - state.x;
    const dy = event.clientY - state.y;
    const moved = state.moved || Math.hypot(dx, dy) > DRAG_THRESHOLD_PX;
    update({ ...state, dx, dy, moved });
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLButtonElement>, session: Session) => {
    const state = dragRef.current;
    update(null);
    if (!state || state.pointerId !== event.pointerId) return;
    if (!state.moved) {
      onOpen(session);
      return;
    }
    const start = zonedParts(new Date(session.inicio), AGENDA_TIME_ZONE);
    const startMinutes = start.hour * 60 + start.minute;
    const minutes = landing(startMinutes, state.dy) - startMinutes + dayShift(state) * 24 * 60;
    if (minutes === 0) return;
    // Wall-clock move in São Paulo: same duration, start moved by whole quarters (and days).
    const shifted = new Date(zonedInstant(start.date, start.time, AGENDA_TIME_ZONE).getTime() + minutes * 60_000);
    const duration = Date.parse(session.fim) - Date.parse(session.inicio);
    onMove(session, shifted.toISOString(), new Date(shifted.getTime() + duration).toISOString());
  };

  const createAt = (event: React.MouseEvent<HTMLDivElement>, day: string) => {
    if (event.target !== event.currentTarget) return;
    const offset = event.clientY - event.currentTarget.getBoundingClientRect().top;
    const hour = Math.floor(axis.minutesAt(offset) / 60);
    onCreate(day, `${String(hour).padStart(2, '0')}:00`);
  };

  return (
    <>
      <div className={classes.gridActions}>
        <Text size="sm" c="dimmed">
          {hours.length === 0 && (days.length === 1 ? 'Nenhum agendamento neste dia' : 'Nenhum agendamento nesta semana')}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => setAllHours((all) => !all)}>
          {allHours ? 'Mostrar só as horas com itens' : 'Mostrar todas as horas'}
        </Button>
      </div>
    <div className={classes.timeGrid} style={{ '--columns': days.length } as React.CSSProperties}>
      <div className={classes.corner} />
      {days.map((day) => (
        <button
          type="button"
          key={day}
          className={classes.dayHeader}
          data-today={day === today || undefined}
          onClick={() => onPickDay(day)}
          style={{ border: 0, borderLeft: '1px solid var(--mantine-color-default-border)', borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          {/* Read out as the whole date; the abbreviation is for the eye. */}
          <span aria-hidden>
            {formatPt(day, 'EEE')}
            <span className={classes.dayNumber}>{formatPt(day, 'd')}</span>
          </span>
          <VisuallyHidden>{formatPt(day, "EEEE, d 'de' MMMM")}</VisuallyHidden>
        </button>
      ))}
      {withTasks && (
        <>
          <div className={classes.taskStripLabel}>Tarefas</div>
          {days.map((day) => (
            <div key={day} className={classes.taskStrip}>
              {(tasksPerDay.get(day) ?? []).map((task) => (
                <TaskChip key={task.id} task={task} />
              ))}
            </div>
          ))}
        </>
      )}
      <div className={classes.hours} aria-hidden>
        {hours.map((hour, index) => (
          <div key={hour} className={classes.hourLabel} data-gap={(index > 0 && hours[index - 1] !== hour - 1) || undefined}>
            {`${String(hour).padStart(2, '0')}:00`}
          </div>
        ))}
      </div>
      {days.map((day, dayIndex) => (
        <div
          key={day}
          className={classes.column}
          data-today={day === today || undefined}
          data-vacation={onVacation(day) || undefined}
          style={{ height: axis.height }}
          onClick={(event) => createAt(event, day)}
          role="group"
          aria-label={`Sessões de ${formatPt(day, "EEEE, d 'de' MMMM")}`}
        >
          {hours.map((hour, index) =>
            index > 0 && hours[index - 1] !== hour - 1 ? <div key={hour} className={classes.hourGap} style={{ top: index * HOUR_PX }} /> : null,
          )}
          {day === today && <div className={classes.nowLine} style={{ top: axis.y(nowMinutes) }} />}
          {placedPerDay[dayIndex].map(({ item, start, end, lane, lanes }) => {
            const dragging = drag?.id === item.id && drag.moved ? drag : null;
            const top = axis.y(start) + (dragging ? snappedPx(dragging.dy) : 0);
            const height = Math.max(axis.y(end, 'end') - axis.y(start) - 2, 22);
            return (
              <button
                type="button"
                key={item.id}
                className={`${classes.event} ${classes.status}`}
                data-status={item.status}
                data-pending={highlighted(item)}
                data-dragging={dragging ? true : undefined}
                aria-label={sessionLabel(item)}
                style={{
                  top,
                  height,
                  left: `calc(${(lane / lanes) * 100}% + 2px)`,
                  width: `calc(${100 / lanes}% - 4px)`,
                  transform: dragging ? `translateX(${dayShift(dragging) * dragging.columnWidth}px)` : undefined,
                }}
                onPointerDown={(event) => onPointerDown(event, item)}
                onPointerMove={onPointerMove}
                onPointerUp={(event) => onPointerUp(event, item)}
                onPointerCancel={() => update(null)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onOpen(item);
                  }
                }}
              >
                {/* Spaces between the parts: not drawn (flex items), but the text reads 'Bia Lima 07:00', not 'Bia Lima07:00'. */}
                {tagOf(item) && <span className={classes.pendingTag}>{tagOf(item)}</span>}{' '}
                <span className={classes.eventTitle}>{studentName(item)}</span>{' '}
                {height > 30 && <span className={classes.eventMeta}>{whenAndWhere(item)}</span>}
              </button>
            );
          })}
        </div>
      ))}
    </div>
    </>
  );
}

/** A session as a row: time, student, location; coloured by status. */
export function SessionRow({ session, onOpen }: { session: Session; onOpen: (session: Session) => void }) {
  return (
    <button
      type="button"
      className={`${classes.listItem} ${classes.status}`}
      data-status={session.status}
      data-pending={highlighted(session)}
      onClick={() => onOpen(session)}
      aria-label={sessionLabel(session, { row: true })}
    >
      <span className={classes.listTime}>{timeOf(session.inicio)}</span>{' '}
      <span className={classes.listBody}>
        {tagOf(session) && <span className={classes.pendingTag}>{tagOf(session)}</span>}{' '}
        <span className={classes.eventTitle} style={{ display: 'block' }}>
          {studentName(session)}
        </span>{' '}
        <Text span size="xs" c="dimmed" style={{ display: 'block' }}>
          {whenAndWhere(session)} · {SESSION_STATUS_LABELS[session.status]}
        </Text>
      </span>
    </button>
  );
}

/** The week on a phone: each day and its sessions as rows, readable at 390 px. */
export function DayList({ days, sessions, tasks, today, onOpen, onPickDay, onVacation }: ViewProps) {
  const perDay = byDay(sessions);
  const tasksPerDay = tasksByDay(tasks);
  return (
    <div>
      {days.map((day) => {
        const items = perDay.get(day) ?? [];
        const dayTasks = tasksPerDay.get(day) ?? [];
        return (
          <section key={day} className={classes.dayGroup} data-vacation={onVacation(day) || undefined} aria-label={formatPt(day, "EEEE, d 'de' MMMM")}>
            <Text
              component="button"
              type="button"
              className={classes.dayGroupTitle}
              data-today={day === today || undefined}
              onClick={() => onPickDay(day)}
              style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', color: 'inherit' }}
            >
              {formatPt(day, "EEEE, d 'de' MMM")}
              {day === today && ' · Hoje'}
              {onVacation(day) && ' · Férias'}
            </Text>
            {items.length === 0 && dayTasks.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nenhuma sessão
              </Text>
            ) : (
              items.map((session) => <SessionRow key={session.id} session={session} onOpen={onOpen} />)
            )}
            {dayTasks.map((task) => (
              <TaskRow key={task.id} task={task} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

/** Six weeks of the month; on a phone, coloured dots instead of names. Tapping a day opens it. */
export function MonthView({ days, sessions, tasks, today, onPickDay, onVacation, compact, month }: ViewProps & { compact: boolean; month: string }) {
  const perDay = byDay(sessions);
  const tasksPerDay = tasksByDay(tasks);
  return (
    <div className={classes.monthGrid} role="grid" aria-label={formatPt(`${month}-01`, 'MMMM yyyy')}>
      {/* Rows for assistive technology only: the cells stay items of the CSS grid. */}
      <div role="row" className={classes.gridRow}>
        {days.slice(0, 7).map((day) => (
          <div key={day} className={classes.weekday} role="columnheader" aria-label={formatPt(day, 'EEEE')}>
            {formatPt(day, compact ? 'EEEEE' : 'EEEE')}
          </div>
        ))}
      </div>
      {weeksOf(days).map((week) => (
        <div key={week[0]} role="row" className={classes.gridRow}>
          {week.map((day) => {
            const items = perDay.get(day) ?? [];
            const dayTasks = tasksPerDay.get(day) ?? [];
            const shown = monthCellItems(items, dayTasks);
            // The day's number is the button (its name starts with it: WCAG 2.5.3, label in name),
            // stretched over the cell so a tap anywhere on it opens the day; the chips are the
            // cell's text beside it, read after it.
            return (
              <div
                role="gridcell"
                key={day}
                className={classes.monthCell}
                data-outside={day.slice(0, 7) !== month || undefined}
                data-today={day === today || undefined}
                data-vacation={onVacation(day) || undefined}
              >
                <button
                  type="button"
                  className={classes.monthDay}
                  onClick={() => onPickDay(day)}
                  aria-label={`${formatPt(day, "d 'de' MMMM")}: ${items.length === 1 ? '1 sessão' : `${items.length} sessões`}${
                    dayTasks.length === 0 ? '' : dayTasks.length === 1 ? ', 1 tarefa' : `, ${dayTasks.length} tarefas`
                  }${onVacation(day) ? ', férias' : ''}`}
                >
                  {Number(day.slice(8, 10))}
                </button>
                {compact ? (
                  <span className={classes.dots}>
                    {items.slice(0, 6).map((session) => (
                      <span
                        key={session.id}
                        className={`${classes.dot} ${classes.status}`}
                        data-status={session.status}
                        data-pending={highlighted(session)}
                      />
                    ))}
                    {dayTasks.slice(0, 3).map((task) => (
                      <span key={task.id} className={classes.taskDot} />
                    ))}
                  </span>
                ) : (
                  <>
                    {shown.sessions.map((session) => (
                      <span
                        key={session.id}
                        className={`${classes.chip} ${classes.status}`}
                        data-status={session.status}
                        data-pending={highlighted(session)}
                      >
                        {timeOf(session.inicio)} {studentName(session)}
                      </span>
                    ))}
                    {shown.tasks.map((task) => (
                      <span key={task.id} className={classes.taskChip} data-done={task.concluida || undefined}>
                        {task.titulo}
                      </span>
                    ))}
                    {shown.more > 0 && <span className={classes.more}>+{shown.more} mais</span>}
                  </>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Days in runs of seven: the weeks of a month grid. */
const weeksOf = (days: string[]): string[][] =>
  Array.from({ length: Math.ceil(days.length / 7) }, (_, index) => days.slice(index * 7, index * 7 + 7));

/** Twelve mini-months; the days with sessions highlighted. Tapping a day opens it. */
export function YearView({ days, sessions, today, onPickDay, onVacation, onPickMonth }: ViewProps & { onPickMonth: (date: string) => void }) {
  const busy = new Set(byDay(sessions.filter((session) => session.status !== 'cancelada')).keys());
  return (
    <div className={classes.yearGrid}>
      {days.map((firstDay) => {
        const month = firstDay.slice(0, 7);
        return (
          <div key={month} className={classes.miniMonth} aria-label={formatPt(firstDay, 'MMMM yyyy')} role="group">
            <button
              type="button"
              className={classes.miniTitle}
              onClick={() => onPickMonth(firstDay)}
              style={{ background: 'none', border: 0, padding: 0, color: 'inherit', fontFamily: 'inherit' }}
            >
              {formatPt(firstDay, 'MMMM')}
            </button>
            {['D', 'S', 'T', 'Q', 'Q', 'S', 'S'].map((letter, index) => (
              <Text key={index} span size="xs" c="dimmed">
                {letter}
              </Text>
            ))}
            {miniMonth(month).map((day) => (
              <button
                type="button"
                key={day}
                className={classes.miniDay}
                data-outside={day.slice(0, 7) !== month || undefined}
                data-busy={busy.has(day) || undefined}
                data-today={day === today || undefined}
                data-vacation={onVacation(day) || undefined}
                onClick={() => onPickDay(day)}
                tabIndex={day.slice(0, 7) !== month ? -1 : undefined}
                aria-label={`${formatPt(day, "d 'de' MMMM")}${onVacation(day) ? ', férias' : ''}`}
              >
                {Number(day.slice(8, 10))}
              </button>
            ))}
          </div>
        );
      })}
    </div>
  );
}
