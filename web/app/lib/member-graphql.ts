import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { browserGraphql, type GraphqlCaller, type GraphqlVariables } from './graphql';
import { clearLocalState } from './session';

/**
 * The member area's GraphQL caller. When the server no longer accepts the member's token, this browser forgets
 * the session and goes to the login page. Only member pages import this module, so it never weighs on a public page.
 */
export function useMemberGraphql(): GraphqlCaller {
  const navigate = useNavigate();
  return useMemo(
    () =>
      browserGraphql(() => {
        clearLocalState();
        void navigate('/userLogin');
      }),
    [navigate],
  );
}

export type MemberRead<T> = { data?: T; loading: boolean; failed: boolean };

/** A read of the member's own records, made when the page opens and again when the variables change. */
export function useMemberRead<T>(query: string, variables: GraphqlVariables = {}): MemberRead<T> {
  const graphql = useMemberGraphql();
  const [read, setRead] = useState<MemberRead<T>>({ loading: true, failed: false });
  // Compared by value: callers pass a new object on every render.
  const key = JSON.stringify(variables);
  useEffect(() => {
    let current = true;
    setRead((previous) => ({ ...previous, loading: true }));
    void graphql.request<T>(query, JSON.parse(key) as GraphqlVariables).then((result) => {
      if (!current) return;
      setRead(result.data && !result.errors?.length ? { data: result.data, loading: false, failed: false } : { loading: false, failed: true });
    });
    return () => {
      current = false;
    };
  }, [graphql, query, key]);
  return read;
}
