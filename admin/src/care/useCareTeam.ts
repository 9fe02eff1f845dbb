import { useEffect, useState } from 'react';
import type { StaffMember } from '../common/care';
import { useAdminDataProvider } from '../data/useAdminDataProvider';

/** The staff a care request can be assigned to, for the assignee choices; empty until loaded or when refused. */
export function useCareTeam(): StaffMember[] {
  const dataProvider = useAdminDataProvider();
  const [team, setTeam] = useState<StaffMember[]>([]);
  useEffect(() => {
    let current = true;
    dataProvider.careTeam().then(
      (careTeam) => current && setTeam(careTeam),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [dataProvider]);
  return team;
}
