import type { StaffMember } from '../common/care';
import type { Transport } from '../data/transport';

const CARE_TEAM = 'query CareTeam { careTeam { id firstname lastname role } }';

const UPDATE = `mutation UpdateCareRequest($id: ID!, $status: RequestStatus, $assigneeId: ID) {
  updateCareRequest(id: $id, status: $status, assigneeId: $assigneeId) { id status assigneeId }
}`;

const ADD_NOTE = `mutation AddCareNote($id: ID!, $body: String!, $fromRequester: Boolean) {
  addCareNote(id: $id, body: $body, fromRequester: $fromRequester) { id }
}`;

const REPLY = `mutation ReplyToCareRequest($id: ID!, $body: String!) { replyToCareRequest(id: $id, body: $body) { id } }`;

/** The data provider's care methods: the team, and working a request beyond its list and page. */
export const careMethods = ({ call }: Transport) => ({
  async careTeam(): Promise<StaffMember[]> {
    return (await call<{ careTeam: StaffMember[] }>(CARE_TEAM)).careTeam;
  },
  /** A new status, or a new assignee: `assigneeId: null` unassigns, leaving it out keeps the assignee. */
  async updateCareRequest(id: string, changes: { status?: string; assigneeId?: string | null }): Promise<void> {
    await call(UPDATE, { id, ...changes });
  },
  /** An internal note, or (`fromRequester`) the requester's answer pasted back from an e-mail or a call. */
  async addCareNote(id: string, body: string, fromRequester = false): Promise<void> {
    await call(ADD_NOTE, { id, body, fromRequester });
  },
  /** E-mails the requester and keeps the reply on the timeline. */
  async replyToCareRequest(id: string, body: string): Promise<void> {
    await call(REPLY, { id, body });
  },
});
