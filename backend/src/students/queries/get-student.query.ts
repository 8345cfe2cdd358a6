import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Student } from '../../contracts/students';
import { NotFoundError } from '../../platform/errors/domain-error';
import { StudentsRepository } from './students.repository';

export class GetStudentQuery extends Query<Student> {
  constructor(
    readonly tenantId: string,
    readonly studentId: string,
  ) {
    super();
  }
}

@QueryHandler(GetStudentQuery)
export class GetStudentHandler implements IQueryHandler<GetStudentQuery> {
  constructor(@Inject(StudentsRepository) private readonly students: StudentsRepository) {}

  async execute(query: GetStudentQuery): Promise<Student> {
    const student = await this.students.find(query.tenantId, query.studentId);
    if (!student) throw new NotFoundError('Aluno');
    return student;
  }
}
