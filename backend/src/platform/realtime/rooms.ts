/**
 * The socket.io rooms the worker pushes `changes` to. A trainer's socket joins the tenant's room
 * (every change of the business); a student's joins only their own room and the room of the
 * tenant's students (what every student reads: a location's policy, the contracts to sign).
 */
export const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const studentRoom = (tenantId: string, studentId: string) =>
  `student:${tenantId}:${studentId}`;
export const studentsRoom = (tenantId: string) => `students:${tenantId}`;
/** Every socket of one sign-in: closed when the session ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
