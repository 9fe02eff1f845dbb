import { Injectable, type PipeTransform } from '@nestjs/common';
import { toId } from './list.js';

/** A path's record id, checked as GraphQL ids are (`toId`): anything a table cannot hold is a 400, never a query. */
@Injectable()
export class RecordIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    return toId(value);
  }
}
