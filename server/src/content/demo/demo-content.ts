/** Sample content for a fresh install: plainly a demo, but real enough to judge the site by. */

export interface DemoPost {
  name: string;
  body: string;
  picture?: boolean;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

export const DEMO_PROGRAMS: DemoPost[] = [
  {
    name: 'Sunday Celebration Service',
    picture: true,
    body:
      p(
        'Join us every Sunday from <strong>10.00am to 12.30pm</strong> for praise, worship and the preaching of the Word. Doors open ten minutes before the service.',
        'There is a children’s church during the sermon and tea and coffee afterwards. First time with us? Our welcome team will be glad to meet you at the door.',
      ),
  },
  {
    name: 'Night Vigil – First Friday of the Month',
    picture: true,
    body:
      p('Every first Friday of the month we gather through the night to pray for our families, our church and our city.') +
      '<ul><li>Worship and thanksgiving</li><li>Intercession for London</li><li>Prayer for the sick</li></ul>' +
      p('Bring a friend, a Bible and a flask of something warm.'),
  },
  {
    name: 'Monday Online Prayer',
    picture: true,
    body: p(
      'Pray with us online every Monday from <strong>9pm to 10pm</strong> (GMT). The meeting details are on the home page for signed-in members.',
      '“The prayer of a righteous person is powerful and effective.” <em>James 5:16</em>',
    ),
  },
  {
    name: 'Wednesday Bible Study',
    picture: true,
    body: p(
      'Our midweek Bible study meets online every Wednesday from <strong>7pm to 8.30pm</strong> (GMT). This term we are reading the Gospel of John together, one chapter a week.',
      'Questions are welcome; no one is ever put on the spot.',
    ),
  },
  {
    name: 'Saturday Choir Rehearsal and Evangelism',
    picture: true,
    body: p(
      'The choir rehearses on Saturdays from 4pm to 6pm, and from 6pm to 7pm we go out in teams to share the good news in the neighbourhood.',
      'New voices are always welcome: speak to the music director after a Sunday service.',
    ),
  },
];

export const DEMO_BLOG: DemoPost[] = [
  {
    name: 'Finding Peace in Anxious Times',
    picture: true,
    body:
      '<h2>Cast your cares</h2>' +
      p(
        'Many of us carry worries we never say out loud: rent, health, children, work. Scripture does not pretend these burdens are small, but it tells us where to put them down.',
        '<em>“Cast all your anxiety on him because he cares for you.”</em> (1 Peter 5:7). Peace is not the absence of trouble; it is the presence of God in the middle of it.',
      ),
  },
  {
    name: 'Why We Pray Together',
    picture: true,
    body: p(
      'Private prayer is the heartbeat of the Christian life, yet the early church also prayed together, “with one accord”. Praying with others keeps us honest, encourages the weary and reminds us that we belong to a family.',
      'This month, why not join the Monday online prayer meeting? Ten minutes of listening is a fine place to start.',
    ),
  },
  {
    name: 'Welcoming Newcomers to London',
    picture: true,
    body: p(
      'London can be a lonely city. Every month people join our church who have just arrived for study or work, sometimes from the other side of the world.',
      'If that is you, we would love to meet you. Come to a Sunday service, stay for a cup of tea, and let us help you find your feet.',
    ),
  },
  {
    name: 'Five Ways to Read the Bible Daily',
    picture: true,
    body:
      p('Reading the Bible every day is easier with a plan. Here are five that have helped our members:') +
      '<ol><li>Read one Psalm each morning.</li><li>Follow a one-year reading plan.</li><li>Read a Gospel slowly, a paragraph a day.</li><li>Listen to an audio Bible on the commute.</li><li>Join the Wednesday Bible study.</li></ol>',
  },
];

export const DEMO_TESTIMONIES: DemoPost[] = [
  {
    name: 'Healed After Months of Illness',
    body: p(
      'For most of last year I was in and out of hospital and the doctors could not say what was wrong. The church prayed for me every Monday. In January the tests came back clear and I have been well ever since. I give God all the glory.',
    ),
  },
  {
    name: 'A New Job After a Long Wait',
    body: p(
      'I had applied for more than forty jobs since moving to London. At the night vigil a sister prayed with me and encouraged me not to give up. Two weeks later I was offered a position I had not even applied for. God is faithful!',
    ),
  },
  {
    name: 'Our Marriage Restored',
    body: p(
      'My husband and I were close to separating. Through counselling with the pastors and a lot of prayer, we learned to listen to each other again. This year we celebrate fifteen years together.',
    ),
  },
  {
    name: 'Peace Instead of Fear',
    body: p(
      'I used to wake up every night with panic attacks. Since I gave my life to Christ I have learned to bring my fears to Him in prayer. The nights are quiet now, and I sleep in peace.',
    ),
  },
  {
    name: 'Safe Journey Home',
    body: p(
      'Our family travelled overseas for my father’s funeral and there were many difficulties with visas and flights. Everything was resolved just in time and we all came back safely. Thank you, church family, for standing with us in prayer.',
    ),
  },
];

/** A testimony waiting for an admin to Authorise it, so the review screen has something to show. */
export const DEMO_PENDING_TESTIMONY: DemoPost = {
  name: 'Provision for My Studies',
  body: p('I did not know how I would pay for my final year. A bursary came through the week before term started. Praise God!'),
};

/** Sample video messages; the ids are placeholders for the ministry's own YouTube uploads. */
/** The senior pastors of the demo settings, and a guest; series by their slug. */
export const DEMO_SPEAKERS = [
  { name: 'Pastor Daniel Mensah', bio: 'Senior Pastor. Daniel teaches on Sundays and leads the Wednesday Bible study.' },
  { name: 'Pastor Ruth Mensah', bio: 'Senior Pastor. Ruth oversees counselling, prayer and the women’s ministry.' },
  { name: 'Rev. Samuel Okafor', bio: 'A guest speaker from our partner church in Lagos.' },
];

export const DEMO_SERIES = [
  { title: 'I Am: Jesus in the Gospel of John', description: 'Seven “I am” sayings of Jesus, one each Sunday.', weeksAgo: 6 },
  { title: 'Faith for Today', description: 'What trusting God looks like on a Monday morning.', weeksAgo: 14 },
];

/** Newest first; `sundaysAgo` dates each message on a recent Sunday. */
export const DEMO_VIDEOS = [
  {
    title: 'The Good Shepherd – Sunday Message',
    video: 'aqz-KE-bpKQ',
    series: 0,
    speaker: 0,
    passages: 'John 10:1-18; Ps 23',
    sundaysAgo: 1,
    summary: 'Jesus knows his sheep by name and lays down his life for them: what that means for a city of strangers.',
  },
  {
    title: 'Walking by Faith, Not by Sight',
    video: 'ScMzIvxBSi4',
    series: 1,
    speaker: 1,
    passages: '2 Cor 5:1-10',
    sundaysAgo: 2,
    summary: 'Paul’s confidence in what cannot yet be seen, and how it carries us through uncertain seasons.',
  },
  {
    title: 'The Power of Praise',
    video: 'LXb3EKWsInQ',
    series: 1,
    speaker: 2,
    passages: 'Acts 16:16-34',
    sundaysAgo: 3,
    summary: 'Paul and Silas sing in a prison at midnight, and the doors open.',
  },
  { title: 'Night Vigil Highlights', video: 'YE7VzlLtp-4', series: null, speaker: 0, passages: 'John 3:16', sundaysAgo: 4, summary: null },
];

export const DEMO_BOOKS = [
  { title: 'Daily Bread: 365 Devotions', pricePence: 1299, description: 'A short reading, a prayer and a question for every day of the year.' },
  { title: 'Prayer That Changes Things', pricePence: 950, description: 'Practical teaching on personal and corporate prayer, with study questions for small groups.' },
  { title: 'Marriage God’s Way', pricePence: 1500, description: 'Biblical wisdom for couples, written by the senior pastors from thirty years of ministry together.' },
];

export const DEMO_SLIDES = [
  { title: 'Welcome Home', kicker: 'Sundays 10.00am' },
  { title: 'Pray With Us Online', kicker: 'Mondays 9pm GMT' },
  { title: 'Night Vigil – First Friday', kicker: 'Every month' },
];

export const DEMO_MEETING = { zoomId: '845 2291 0436', password: 'grace2025' };
