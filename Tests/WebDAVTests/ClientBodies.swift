// Request bodies as real CalDAV clients send them.
//
// The `caldav*` bodies are byte for byte what the PyPI caldav 3.6.0 library sent (captured with
// a recording proxy in front of Radicale 3.9 while it discovered the principal, made a
// calendar, renamed it, searched, synced and multigot). The Apple, DAVx5 and Thunderbird ones
// are cited beside each.

enum ClientBodies {
  static let caldavCurrentUserPrincipal = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:current-user-principal/></D:prop></D:propfind>
    """#

  static let caldavCalendarHomeSet = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-home-set/></D:prop></D:propfind>
    """#

  static let caldavMkcalendar = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>Groceries2</D:displayname><C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>
    """#

  static let caldavProppatch = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <D:propertyupdate xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>Groceries &amp; more</D:displayname></D:prop></D:set></D:propertyupdate>
    """#

  static let caldavListCalendars = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:resourcetype/><D:displayname/><C:supported-calendar-component-set/></D:prop></D:propfind>
    """#

  static let caldavNotCompleted = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/><D:getetag/><C:schedule-tag/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter><C:prop-filter name="STATUS"><C:text-match collation="i;octet" negate-condition="yes">COMPLETED</C:text-match></C:prop-filter><C:prop-filter name="STATUS"><C:text-match collation="i;octet" negate-condition="yes">CANCELLED</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>
    """#

  static let caldavNoStatusNoCompleted = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/><D:getetag/><C:schedule-tag/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter><C:prop-filter name="STATUS"><C:is-not-defined/></C:prop-filter></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>
    """#

  static let caldavNeedsAction = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/><D:getetag/><C:schedule-tag/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:prop-filter name="STATUS"><C:text-match collation="i;octet">NEEDS-ACTION</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>
    """#

  static let caldavSummary = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/><D:getetag/><C:schedule-tag/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:prop-filter name="SUMMARY"><C:text-match collation="i;octet">Milk</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>
    """#

  static let caldavTimeRange = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/><D:getetag/><C:schedule-tag/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:time-range start="20261130T000000Z" end="20270102T000000Z"/></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>
    """#

  static let caldavInitialSync = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:sync-token></D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>
    """#

  static let caldavSyncWithToken = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:sync-token>http://radicale.org/ns/sync/7b3021e669762444783af6bec6276d0ca3fb8b8b69cbc0cc8d47ef44e0ca0cdf</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>
    """#

  static let caldavMultiget = #"""
    <?xml version='1.0' encoding='utf-8'?>
    <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/><D:getetag/><C:schedule-tag/></D:prop><D:href>/ann/a6c6e2f4-6161-44aa-a341-7441b1c8a917/eggs-1.ics</D:href></C:calendar-multiget>
    """#

  // MARK: - Apple (Calendar and Reminders on macOS, dataaccessd on iOS)

  /// macOS Calendar 10.9.2 listing the calendars of a home (Depth 1), verbatim from
  /// sabre.io/dav/clients/ical ("Requesting a list of calendars in 10.9.2"). Reminders on iOS
  /// asks for the same set, each namespace declared on the element that uses it.
  static let appleListCalendars = #"""
    <?xml version='1.0' encoding='UTF-8'?>
    <A:propfind xmlns:A="DAV:">
      <A:prop>
        <A:add-member/>
        <C:allowed-sharing-modes xmlns:C="http://calendarserver.org/ns/"/>
        <D:autoprovisioned xmlns:D="http://apple.com/ns/ical/"/>
        <E:bulk-requests xmlns:E="http://me.com/_namespace/"/>
        <D:calendar-color xmlns:D="http://apple.com/ns/ical/"/>
        <B:calendar-description xmlns:B="urn:ietf:params:xml:ns:caldav"/>
        <B:calendar-free-busy-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
        <D:calendar-order xmlns:D="http://apple.com/ns/ical/"/>
        <B:calendar-timezone xmlns:B="urn:ietf:params:xml:ns:caldav"/>
        <A:current-user-privilege-set/>
        <B:default-alarm-vevent-date xmlns:B="urn:ietf:params:xml:ns:caldav"/>
        <B:default-alarm-vevent-datetime xmlns:B="urn:ietf:params:xml:ns:caldav"/>
        <A:displayname/>
        <C:getctag xmlns:C="http://calendarserver.org/ns/"/>
        <D:language-code xmlns:D="http://apple.com/ns/ical/"/>
        <D:location-code xmlns:D="http://apple.com/ns/ical/"/>
        <A:owner/>
        <C:pre-publish-url xmlns:C="http://calendarserver.org/ns/"/>
        <C:publish-url xmlns:C="http://calendarserver.org/ns/"/>
        <C:push-transports xmlns:C="http://calendarserver.org/ns/"/>
        <C:pushkey xmlns:C="http://calendarserver.org/ns/"/>
        <A:quota-available-bytes/>
        <A:quota-used-bytes/>
        <D:refreshrate xmlns:D="http://apple.com/ns/ical/"/>
        <A:resource-id/>
        <A:resourcetype/>
        <B:schedule-calendar-transp xmlns:B="urn:ietf:params:xml:ns:caldav"/>
        <B:schedule-default-calendar-URL xmlns:B="urn:ietf:params:xml:ns:caldav"/>
        <C:source xmlns:C="http://calendarserver.org/ns/"/>
        <C:subscribed-strip-alarms xmlns:C="http://calendarserver.org/ns/"/>
        <C:subscribed-strip-attachments xmlns:C="http://calendarserver.org/ns/"/>
        <C:subscribed-strip-todos xmlns:C="http://calendarserver.org/ns/"/>
        <B:supported-calendar-component-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
        <B:supported-calendar-component-sets xmlns:B="urn:ietf:params:xml:ns:caldav"/>
        <A:supported-report-set/>
        <A:sync-token/>
      </A:prop>
    </A:propfind>
    """#

  /// iCal 10.5 on a principal, verbatim from sabre.io/dav/clients/ical: prefixes x0..x2
  /// declared on the root in an order of their own.
  static let applePrincipal = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <x0:propfind xmlns:x2="http://calendarserver.org/ns/" xmlns:x1="urn:ietf:params:xml:ns:caldav" xmlns:x0="DAV:">
     <x0:prop>
      <x1:calendar-home-set/>
      <x1:calendar-user-address-set/>
      <x1:schedule-inbox-URL/>
      <x1:schedule-outbox-URL/>
      <x2:dropbox-home-URL/>
      <x2:notifications-URL/>
      <x0:displayname/>
     </x0:prop>
    </x0:propfind>
    """#

  /// macOS Calendar 10.9.2 making a calendar, verbatim from sabre.io/dav/clients/ical
  /// ("Creating a new subscription in 10.9.2"): MKCALENDAR with a resourcetype, an href inside
  /// a property and `&amp;amp;` in it.
  static let appleMkcalendar = #"""
    <B:mkcalendar xmlns:B="urn:ietf:params:xml:ns:caldav">
        <A:set xmlns:A="DAV:">
            <A:prop>
                <B:supported-calendar-component-set>
                    <B:comp name="VEVENT" />
                </B:supported-calendar-component-set>
                <C:subscribed-strip-alarms xmlns:C="http://calendarserver.org/ns/" />
                <C:subscribed-strip-attachments xmlns:C="http://calendarserver.org/ns/" />
                <A:resourcetype>
                    <A:collection />
                    <C:subscribed xmlns:C="http://calendarserver.org/ns/" />
                </A:resourcetype>
                <D:refreshrate xmlns:D="http://apple.com/ns/ical/">P1W</D:refreshrate>
                <C:source xmlns:C="http://calendarserver.org/ns/">
                    <A:href>webcal://www.webcal.fi/cal.php?id=49&amp;amp;rid=ics&amp;amp;wrn=0&amp;amp;wp=12&amp;amp;wf=55</A:href>
                </C:source>
                <D:calendar-color xmlns:D="http://apple.com/ns/ical/">#1C4587FF</D:calendar-color>
                <D:calendar-order xmlns:D="http://apple.com/ns/ical/">19</D:calendar-order>
                <B:calendar-description>Sixteen annual Jewish holidays. Update every 2 weeks.</B:calendar-description>
                <C:subscribed-strip-todos xmlns:C="http://calendarserver.org/ns/" />
                <A:displayname>Jewish holidays</A:displayname>
            </A:prop>
        </A:set>
    </B:mkcalendar>
    """#

  /// iCal 10.7 making a collection with an extended MKCOL (RFC 5689), verbatim from
  /// sabre.io/dav/clients/ical ("Creating a subscription in 10.7").
  static let appleExtendedMkcol = #"""
    <A:mkcol xmlns:A="DAV:">
        <A:set>
            <A:prop>
                <B:subscribed-strip-attachments xmlns:B="http://calendarserver.org/ns/" />
                <B:subscribed-strip-todos xmlns:B="http://calendarserver.org/ns/" />
                <A:resourcetype>
                    <A:collection />
                    <B:subscribed xmlns:B="http://calendarserver.org/ns/" />
                </A:resourcetype>
                <E:calendar-color xmlns:E="http://apple.com/ns/ical/">#1C4587FF</E:calendar-color>
                <A:displayname>Jewish holidays</A:displayname>
                <C:calendar-description xmlns:C="urn:ietf:params:xml:ns:caldav">Sixteen annual Jewish holidays. Update every 2 weeks.</C:calendar-description>
                <E:calendar-order xmlns:E="http://apple.com/ns/ical/">19</E:calendar-order>
                <B:source xmlns:B="http://calendarserver.org/ns/">
                    <A:href>webcal://www.webcal.fi/cal.php?id=49&amp;rid=ics&amp;wrn=0&amp;wp=12&amp;wf=55</A:href>
                </B:source>
                <E:refreshrate xmlns:E="http://apple.com/ns/ical/">P1W</E:refreshrate>
                <B:subscribed-strip-alarms xmlns:B="http://calendarserver.org/ns/" />
            </A:prop>
        </A:set>
    </A:mkcol>
    """#

  /// Reminders reordering and recolouring a list: one PROPPATCH with two sets and a remove, in
  /// Apple's style (namespace declared on each property).
  static let appleProppatch = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <A:propertyupdate xmlns:A="DAV:">
      <A:set>
        <A:prop>
          <B:calendar-order xmlns:B="http://apple.com/ns/ical/">3</B:calendar-order>
        </A:prop>
      </A:set>
      <A:remove>
        <A:prop>
          <B:calendar-color xmlns:B="http://apple.com/ns/ical/"/>
        </A:prop>
      </A:remove>
      <A:set>
        <A:prop>
          <B:calendar-color xmlns:B="http://apple.com/ns/ical/" symbolic-color="custom">#FF2968FF</B:calendar-color>
        </A:prop>
      </A:set>
    </A:propertyupdate>
    """#

  /// dataaccessd's sync-collection, Apple's style: sync-token, sync-level 1, getcontenttype and
  /// getetag.
  static let appleSyncCollection = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <A:sync-collection xmlns:A="DAV:">
      <A:sync-token>http://checklists.invalid/sync/42</A:sync-token>
      <A:sync-level>1</A:sync-level>
      <A:prop>
        <A:getcontenttype/>
        <A:getetag/>
      </A:prop>
    </A:sync-collection>
    """#

  /// dataaccessd's multiget: the CalDAV namespace on the root, DAV: declared on each element.
  static let appleMultiget = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <B:calendar-multiget xmlns:B="urn:ietf:params:xml:ns:caldav">
      <A:prop xmlns:A="DAV:">
        <A:getetag/>
        <B:calendar-data/>
        <C:updated-by xmlns:C="http://calendarserver.org/ns/"/>
        <C:created-by xmlns:C="http://calendarserver.org/ns/"/>
      </A:prop>
      <A:href xmlns:A="DAV:">/dav/calendars/ann/0b7e1c2a-4c1d-4f0e-9d51-2a7c3e8f9a10/Milk%20%26%20eggs.ics</A:href>
      <A:href xmlns:A="DAV:">/dav/calendars/ann/0b7e1c2a-4c1d-4f0e-9d51-2a7c3e8f9a10/2F4B6D.ics</A:href>
    </B:calendar-multiget>
    """#

  /// The principal lookup iOS makes for delegation: expand-property (RFC 3253), which this
  /// server does not offer.
  static let appleExpandProperty = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <A:expand-property xmlns:A="DAV:">
      <A:property name="calendar-proxy-write-for" namespace="http://calendarserver.org/ns/">
        <A:property name="displayname" namespace="DAV:"/>
        <A:property name="principal-URL" namespace="DAV:"/>
        <A:property name="calendar-user-address-set" namespace="urn:ietf:params:xml:ns:caldav"/>
      </A:property>
    </A:expand-property>
    """#

  // MARK: - DAVx5 (dav4jvm's XmlSerializer: DAV: as the default namespace, CAL: for CalDAV)

  /// DavCollection.reportChanges in bitfireAT/dav4jvm: an initial sync with a limit.
  static let davx5SyncCollection = #"""
    <?xml version='1.0' encoding='UTF-8' ?><sync-collection xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><sync-token /><sync-level>1</sync-level><limit><nresults>100</nresults></limit><prop><getcontenttype /><getetag /></prop></sync-collection>
    """#

  /// DavCalendar.multiget in bitfireAT/dav4jvm, with the content type and version attributes.
  static let davx5Multiget = #"""
    <?xml version='1.0' encoding='UTF-8' ?><CAL:calendar-multiget xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop><getcontenttype /><getetag /><CAL:schedule-tag /><CAL:calendar-data content-type="text/calendar" version="2.0" /></prop><href>/dav/calendars/ann/list/a.ics</href><href>/dav/calendars/ann/list/b%20c.ics</href></CAL:calendar-multiget>
    """#

  /// DavCalendar.calendarQuery in bitfireAT/dav4jvm for VTODO, with a time range.
  static let davx5CalendarQuery = #"""
    <?xml version='1.0' encoding='UTF-8' ?><CAL:calendar-query xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop><getetag /></prop><CAL:filter><CAL:comp-filter name="VCALENDAR"><CAL:comp-filter name="VTODO"><CAL:time-range start="20261101T000000Z" end="20270101T000000Z" /></CAL:comp-filter></CAL:comp-filter></CAL:filter></CAL:calendar-query>
    """#

  // MARK: - Thunderbird

  /// The shape Thunderbird's calDavCalendar.js gives its item query (an XML header with a
  /// newline, D: and C: prefixes, getetag only, one comp-filter per item type).
  static let thunderbirdCalendarQuery = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>
    """#
}
