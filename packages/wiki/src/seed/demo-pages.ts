/**
 * The demo wiki's first pages, written for this project. They exercise what later parts need:
 * headings, links, lists and a template call (conversion), an Event-namespace page (event
 * registration), and semantic annotations plus property pages (search).
 */
export interface DemoPage {
  title: string;
  text: string;
  summary: string;
}

const MAIN_PAGE = `Welcome to '''Wikiloom Demo''', a small wiki served by [[Wikiloom]].

{{Greeting|visitor}}

== What you can do here ==
* Read and edit pages; every save keeps a revision in the page history.
* Organise gatherings in the [[Event:Wikiloom Launch Meetup|Event namespace]].
* Find pages by their properties, for example every meetup held in [[Berlin]].

== Getting started ==
# Log in, or create an account.
# Open a page and choose ''Edit''.
# Describe your change in the summary and save.

=== Pages to look at ===
* [[Community Meetup Berlin]] – a page with semantic annotations
* [[Template:Greeting]] – the template used above
* [[Help:Editing]] – how to format text

[[Category:Wikiloom Demo]]`;

const GREETING = `<includeonly>Hello, {{{1|friend}}}! Welcome to {{SITENAME}}.</includeonly><noinclude>
This template greets the reader. The first parameter is the name to greet; it defaults to "friend".

Example: <code><nowiki>{{Greeting|Ada}}</nowiki></code> gives "Hello, Ada! Welcome to {{SITENAME}}."

[[Category:Templates]]
</noinclude>`;

const LAUNCH_MEETUP = `The '''Wikiloom Launch Meetup''' brings together the people who write and run this wiki.

== Programme ==
* 10:00 – Welcome and introductions
* 10:30 – Tour of the editor and the page history
* 12:00 – Lunch
* 13:00 – Editing session: improve a page of your choice

== Practical details ==
; Where: Community hall, Berlin
; When: 1 May 2026
; Language: English

Register through the event registration form of this page.`;

const BERLIN_MEETUP = `The '''Community Meetup Berlin''' is a monthly gathering of wiki editors.

It takes place in [[Has location::Berlin]] and is organised by the [[Has organizer::Berlin editors group]].
{{#set:Has date=2026-05-01|Has attendance=25}}

== Topics ==
* [[Has topic::Wiki software]]
* [[Has topic::Open knowledge]]

See also the [[Event:Wikiloom Launch Meetup|launch meetup]].

[[Category:Meetups]]`;

const HAS_LOCATION = `This property records where something takes place.

It has the type [[Has type::Page]]: its values are page names, such as a city.

[[Category:Properties]]`;

const HAS_DATE = `This property records the date on which something happens, written as YYYY-MM-DD.

It has the type [[Has type::Date]].

[[Category:Properties]]`;

const HELP_EDITING = `Pages are written in wikitext.

== Formatting ==
* <nowiki>''italic''</nowiki> gives ''italic''
* <nowiki>'''bold'''</nowiki> gives '''bold'''
* <nowiki>[[Main Page]]</nowiki> links to [[Main Page]]
* <nowiki>== Heading ==</nowiki> starts a section

== Templates ==
Write <code><nowiki>{{Greeting|Your name}}</nowiki></code> to use [[Template:Greeting]].`;

export const DEMO_PAGES: DemoPage[] = [
  { title: "Main Page", text: MAIN_PAGE, summary: "Create the main page" },
  { title: "Template:Greeting", text: GREETING, summary: "A template that greets the reader" },
  { title: "Event:Wikiloom Launch Meetup", text: LAUNCH_MEETUP, summary: "Announce the launch meetup" },
  { title: "Community Meetup Berlin", text: BERLIN_MEETUP, summary: "A page with semantic annotations" },
  { title: "Property:Has location", text: HAS_LOCATION, summary: "Describe the location property" },
  { title: "Property:Has date", text: HAS_DATE, summary: "Describe the date property" },
  { title: "Help:Editing", text: HELP_EDITING, summary: "Basic editing help" },
];
