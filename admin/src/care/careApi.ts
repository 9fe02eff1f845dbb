import { useEffect, useState } from 'react';
import { graphqlRequest } from '../data/graphqlRequest';
import type { StaffMember } from '../common/care';

const CARE_TEAM = 'query CareTeam { careTeam { id firstname lastname role } }';

const UPDATE = `mutation UpdateCareRequest($id: ID!, $status: RequestStatus, $assigneeId: ID) {
  updateCareRequest(id: $id, status: $status, assigneeId: $assigneeId) { id status assigneeId }
}`;

const ADD_NOTE = `mutation AddCareNote($id: ID!, $body: String!, $fromRequester: Boolean) {
  addCareNote(id: $id, body: $body, fromRequester: $fromRequester) { id }
}`;

const REPLY = `mutation ReplyToCareRequest($id: ID!, $body: String!) { replyToCareRequest(id: $id, body: $body) { id } }`;

/** The staff a care request can be assigned to, for the assignee choices; empty until loaded or when refused. */
export function useCareTeam(): StaffMember[] {
  const [team, setTeam] = useState<StaffMember[]>([]);
  useEffect(() => {
    let current = true;
    graphqlRequest<{ careTeam: StaffMember[] }>(CARE_TEAM).then(
      ({ careTeam }) => current && setTeam(careTeam),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return team;
}

/** A new status, or a new assignee: `assigneeId: null` unassigns, leaving it out keeps the assignee. */
export const updateCareRequest = (id: string, changes: { status?: string; assigneeId?: string | null }) => graphqlRequest(UPDATE, { id, ...changes });

/** An internal note, or (`fromRequester`) the requester's answer pasted back from an e-mail or a call. */
export const addCareNote = (id: string, body: string, fromRequester = false) => graphqlRequest(ADD_NOTE, { id, body, fromRequester });

/** E-mails the requester and keeps the reply on the timeline. */
export const replyToCareRequest = (id: string, body: string) => graphqlRequest(REPLY, { id, body });
