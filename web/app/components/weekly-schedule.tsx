import { scheduleWhen, useSiteSettings } from '../lib/site-settings';
import './weekly-schedule.css';

/** The table of what happens on which day of the week (spec §9), on the contact and service-times pages. */
export function WeeklySchedule() {
  const { weeklySchedule } = useSiteSettings();
  return (
    <table className="schedule">
      <caption className="visually-hidden">Weekly schedule</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">What</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {weeklySchedule.map((row) => (
          <tr key={`${row.day}-${row.activity}`}>
            <th scope="row">{row.day}</th>
            <td>{row.activity}</td>
            <td>{scheduleWhen(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
