export type LiveStatus = 'Upcoming' | 'Live' | 'Ended';

export type LiveStream = {
  title: string;
  startsAt: string;
  endsAt: string;
  status: LiveStatus;
  video: string | null;
  hlsUrl: string | null;
  serviceSheetUrl: string | null;
  sermonId: string | null;
};

export type NextService = { name: string; startsAt: string };

export type LiveData = { liveStream: LiveStream | null; nextService: NextService | null };

/** One request for the live page: the stream (with its status from the server's clock) and the next service. */
export const LIVE_QUERY = `query Live {
  liveStream { title startsAt endsAt status video hlsUrl serviceSheetUrl sermonId }
  nextService { name startsAt }
}`;
