import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ListResponse, Student } from '../../contracts/students';
import { StudentsRepository } from './students.repository';

export class ListStudentsQuery extends Query<ListResponse<Student>> {
  constructor(readonly tenantId: string) {
    super();
  }
}

@QueryHandler(ListStudentsQuery)
export class ListStudentsHandler implements IQueryHandler<ListStudentsQuery> {
  constructor(@Inject(StudentsRepository) private readonly students: StudentsRepository) {}

  async execute(query: ListStudentsQuery): Promise<ListResponse<Student>> {
    return { items: await this.students.list(query.tenantId) };
  }
}
