import { registerEnumType } from '@nestjs/graphql';

/** Follow-up state of a request; the spec shows none, staff need one. Stored as the enum value's text. */
export enum RequestStatus {
  New = 'New',
  InProgress = 'InProgress',
  /** Staff answered and wait to hear back. */
  Waiting = 'Waiting',
  Closed = 'Closed',
}

registerEnumType(RequestStatus, {
  name: 'RequestStatus',
  valuesMap: {
    New: { description: 'New' },
    InProgress: { description: 'In progress' },
    Waiting: { description: 'Waiting for the sender' },
    Closed: { description: 'Closed' },
  },
});
