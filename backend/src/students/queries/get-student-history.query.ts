import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { CreditHistoryItem, ListResponse } from '../../contracts/students';
import { NotFoundError } from '../../platform/errors/domain-error';
import { StudentsRepository } from './students.repository';

export class GetStudentHistoryQuery extends Query<ListResponse<CreditHistoryItem>> {
  constructor(
    readonly tenantId: string,
    readonly studentId: string,
  ) {
    super();
  }
}

@QueryHandler(GetStudentHistoryQuery)
export class GetStudentHistoryHandler implements IQueryHandler<GetStudentHistoryQuery> {
  constructor(@Inject(StudentsRepository) private readonly students: StudentsRepository) {}

  async execute(query: GetStudentHistoryQuery): Promise<ListResponse<CreditHistoryItem>> {
    if (!(await this.students.find(query.tenantId, query.studentId)))
      throw new NotFoundError('Aluno');
    return { items: await this.students.history(query.tenantId, query.studentId) };
  }
}
