import { RequestEdit, RequestList, RequestShow, SENDER_COLUMNS, SENDER_FIELDS } from '../common/requests';

export const BaptismRequestList = () => (
  <RequestList title="Baptism requests" searchPlaceholder="Search name, e-mail or phone">
    {SENDER_COLUMNS}
  </RequestList>
);

export const BaptismRequestShow = () => <RequestShow title="Baptism request">{SENDER_FIELDS}</RequestShow>;
export const BaptismRequestEdit = () => <RequestEdit title="Update baptism request">{SENDER_FIELDS}</RequestEdit>;
