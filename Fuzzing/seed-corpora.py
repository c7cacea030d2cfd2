#!/usr/bin/env python3
"""Writes the seed inputs of each fuzz target's corpus (Corpus/<Target>/seed-*).

The seeds are the iPhone apps' files in /work/shared/fixtures/seed-apps (when present), the
formats the test suites build (keyed archives, JSON backups), and typical header, date and price
text, and for WebDAVRequests XML namespace bodies at and past the parser's limits. libFuzzer grows
the corpora from them; scripts/fuzz --merge keeps them minimal.
"""
import json, os, plistlib, shutil, sys
from plistlib import UID

here = os.path.dirname(os.path.abspath(__file__))
apps = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/fixtures/seed-apps"


def put(target, name, data):
    folder = os.path.join(here, "Corpus", target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "seed-" + name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def archive(objects, top):
    return {"$archiver": "NSKeyedArchiver", "$version": 100000, "$objects": objects, "$top": top}


# The older app's keyed archive of checklists, with an NSMutableString and an NS.time date.
legacy = archive(
    ["$null",
     {"$class": UID(9), "NS.objects": [UID(2)]},
     {"$class": UID(8), "Name": UID(3), "IconName": UID(4), "Items": UID(5)},
     "Groceries", "Groceries",
     {"$class": UID(9), "NS.objects": [UID(6)]},
     {"$class": UID(10), "Text": UID(7), "Checked": True, "DueDate": UID(11),
      "ShouldRemind": False, "ItemID": 3},
     {"$class": UID(12), "NS.string": "Milk"},
     {"$classname": "Checklist", "$classes": ["Checklist", "NSObject"]},
     {"$classname": "NSArray", "$classes": ["NSArray", "NSObject"]},
     {"$classname": "ChecklistItem", "$classes": ["ChecklistItem", "NSObject"]},
     {"$class": UID(13), "NS.time": 790000000.5},
     {"$classname": "NSMutableString", "$classes": ["NSMutableString", "NSString", "NSObject"]},
     {"$classname": "NSDate", "$classes": ["NSDate", "NSObject"]}],
    {"Checklists": UID(1)})
plain = [{"Name": "Trip", "IconName": "Travel", "Items": [
    {"Text": "Passport", "Checked": False, "DueDate": plistlib.datetime.datetime(2026, 1, 1),
     "ShouldRemind": True, "ItemID": 1}]}]

plists = {"legacy-binary.plist": plistlib.dumps(legacy, fmt=plistlib.FMT_BINARY),
          "plain-binary.plist": plistlib.dumps(plain, fmt=plistlib.FMT_BINARY),
          "plain-xml.plist": plistlib.dumps(plain)}
for name in ["Checklists.plist", "Checklists-xml.plist", "items"]:
    path = os.path.join(apps, name)
    if os.path.exists(path):
        plists["app-" + name] = open(path, "rb").read()
with open(os.path.join(apps, "items"), "rb") as f:
    items = plistlib.load(f)


def xml_uids(value):
    """XML property lists write a UID as a dictionary {CF$UID: n}."""
    if isinstance(value, UID):
        return {"CF$UID": value.data}
    if isinstance(value, dict):
        return {key: xml_uids(item) for key, item in value.items()}
    if isinstance(value, list):
        return [xml_uids(item) for item in value]
    return value


plists["items-xml.plist"] = plistlib.dumps(xml_uids(items))
plists["legacy-xml.plist"] = plistlib.dumps(xml_uids(legacy))

backup = json.dumps({"format": "checklists-backup", "version": 1,
                     "exportedAt": "2026-01-04T12:00:00.123Z", "checklists": [
    {"id": "7D3B0B36-0C6B-4B8B-9E7C-2D1A1F0E4C11", "name": "Groceries", "icon": "Groceries",
     "createdAt": "2026-01-01T00:00:00Z", "items": [
        {"id": "8E4C1C47-1D7C-4C9C-8F8D-3E2B2A1F5D22", "text": "Milk", "checked": True,
         "dueDate": "2026-01-03T01:00:00.25+01:00", "remind": False,
         "createdAt": "2025-12-31T23:59:59.999999Z"}]}]}, indent=2, sort_keys=True)

for target in ["AppPropertyList", "KeyedArchive", "IOSChecklistsPlist", "ShoppingListItemsFile",
               "ChecklistsFile"]:
    for name, data in plists.items():
        put(target, name, data)
put("ChecklistsFile", "backup.json", backup)
put("ChecklistsBackup", "backup.json", backup)
put("ChecklistsBackup", "empty.json", '{"format":"checklists-backup","version":1,"checklists":[]}')

bodies = ['{"name":"Groceries","icon":"Groceries"}', '{"text":"Milk","checked":true,"position":3}',
          '{"dueDate":"2026-12-24T17:00:00Z","note":null}', '{"position":1e300,"name":"\\u00e9"}',
          '[1,2.5,"x",null,{"a":[]}]', '{"name":"a","name":"b"}']
for index, body in enumerate(bodies):
    put("RequestBody", f"body{index}.json", body)

put("HTTPHead", "get", "/api/v1/checklists/Groceries%20%26%20more?sort=name&q=caf%C3%A9+au+lait&flag\n"
    "Host: 127.0.0.1:8080\nContent-Type: application/json\nIf-Match: \"r12\"\ncontent-type: text/plain")
put("HTTPHead", "bad", "/a%2Fb%00%ff%zz?x=%e2%82&y=%%\nX-Empty:\n:no-name")

# Request heads for RequestHead: ordinary ones, and header folding (obs-fold) in every shape
# the server has been sent: a fold after any field, carrying a framing field or completing one's
# name, with spaces or tabs, several lines deep; then the other framing refusals.
head = "POST /api/v1/checklists HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
for index, fields in enumerate([
        "Content-Type: application/json\r\nContent-Length: 27",
        "Transfer-Encoding: chunked",
        "Expect: 100-continue\r\nContent-Length: 5",
        "X-A: b\r\n Content-Length: 123",
        "X-A: b\r\n\tContent-Length: 123",
        "X-A: b\r\n c",
        "X-A: b\r\n c\r\n \td\r\n  Transfer-Encoding: chunked",
        "Content-: 123\r\n Length",
        "Transfer-Encoding:\r\n chunked",
        "Transfer-Encoding: gzip\r\n chunked",
        "Content-Length:\r\n 5",
        "Content-Length: 0\r\n X-B: c",
        "Accept: */*\r\n Transfer-Encoding: chunked\r\nContent-Length: 5",
        "Bad Name: x",
        "Name : x",
        ": no-name",
        "Content-Length: 5\r\nContent-Length: 05",
        "Transfer-Encoding: chunked\r\nContent-Length: 5",
        "Expect: 101-continue"]):
    put("RequestHead", f"fold{index}" if "\r\n " in fields or "\r\n\t" in fields else f"head{index}",
        head + fields + "\r\n\r\n")
put("RequestHead", "tab-line", "GET\t/api/v1/icons HTTP/1.1\r\nHost: t\r\n\r\n")
put("RequestHead", "tab-target", "GET /api/v1/ic\tons HTTP/1.1\r\nHost: t\r\n\r\n")

for index, header in enumerate(['"r12"', 'W/"r12", "r13"', '*', '"r12-p790000000"', '"s3"',
                                 'r11', '"r1", W/"s3",, "x"']):
    put("EntityTag", f"tag{index}", header)

for index, stamp in enumerate(["2026-12-24T17:00:00Z", "2026-01-03T01:00:00.250+01:00",
                                "2024-02-29t23:59:59.123456789-12:00", "0000-01-01T00:00:00Z",
                                "9999-12-31T23:59:59.999Z"]):
    put("ISOTimestamp", f"stamp{index}", stamp)

for index, text in enumerate(["tomorrow 9:00", "2026-12-24 18:00", "2026-03-29 02:30", "in 3 days",
                               "next friday", "friday 6pm", "now", "today 23:59",
                               "2026-12-24T18:00:00+05:30", "in 2 weeks", "12/24 noon"]):
    put("FriendlyDateParser", f"date{index}", bytes([index]) + text.encode())

for index, text in enumerate(["1.99", "1,99 €", "€1.99", "2 $", "EUR 1.99", "-0,50", "1 234,56",
                               "¥500", "CHF 1'234.50", "₹1,23,456.78", "inf", "US$ 3"]):
    put("PriceParser", f"price{index}", bytes([index % 6]) + text.encode())

# XML namespaces for WebDAVRequests: declarations on one element, in force at once and in all at
# and just past SafeXMLParser's limits (32, 128, 10,000), attributes (32 per element), default
# namespaces redeclared and undeclared, prefixes shadowed, xml: attributes, a prefix bound to an
# empty URI, and what its byte count must not be fooled by (quotes, `>` and declarations inside
# values, comments and CDATA). Each is at most 64 KB, the fuzzer's -max_len.
def element(name, declarations=0, attributes=0, first=0, close=True):
    tag = "<" + name + "".join(f' xmlns:p{first + i}="urn:p{first + i}"' for i in range(declarations))
    tag += "".join(f' a{i}="{i}"' for i in range(attributes))
    return tag + ("/>" if close else ">")


def nested(levels, declarations, inside):
    opened = "".join(element(f"l{level}", declarations, first=level * declarations, close=False)
                     for level in range(levels))
    return opened + inside + "".join(f"</l{level}>" for level in reversed(range(levels)))


namespaces = {
    "ns-32-on-root": '<d:propfind xmlns:d="DAV:"' + "".join(
        f' xmlns:p{i}="u{i}"' for i in range(31)) + '><d:allprop/></d:propfind>',
    "ns-33-on-root": '<d:propfind xmlns:d="DAV:"' + "".join(
        f' xmlns:p{i}="u{i}"' for i in range(32)) + '><d:allprop/></d:propfind>',
    "ns-128-in-force": '<propfind>' + nested(4, 32, "<p0:x p0:a='1'/>") + '</propfind>',
    "ns-129-in-force": '<propfind>' + nested(4, 32, '<q:x xmlns:q="urn:q"/>') + '</propfind>',
    "ns-siblings": '<d:propfind xmlns:d="DAV:"><d:prop>' + "".join(
        element(f"p{i}:e", 32, first=i) for i in range(8)) + '</d:prop></d:propfind>',
    "ns-apple-multiget": '<B:calendar-multiget xmlns:B="urn:ietf:params:xml:ns:caldav">'
    '<A:prop xmlns:A="DAV:"><A:getetag/><B:calendar-data/></A:prop>' + "".join(
        f'<A:href xmlns:A="DAV:">/dav/calendars/ann/l/{i}.ics</A:href>' for i in range(300))
    + '</B:calendar-multiget>',
    "ns-attributes-32": '<d:propfind xmlns:d="DAV:"><d:prop>' + element("e", attributes=32)
    + '</d:prop></d:propfind>',
    "ns-attributes-33": '<d:propfind xmlns:d="DAV:"><d:prop>' + element("e", attributes=33)
    + '</d:prop></d:propfind>',
    "ns-attributes-4097": '<r>' + "".join(element("e", attributes=32) for _ in range(129))
    + '<e z="1"/></r>',
    "ns-default-redeclared": '<propertyupdate xmlns="DAV:"><set><prop>'
    '<color xmlns="http://apple.com/ns/ical/">#FF0000</color><plain xmlns="">x</plain>'
    '<calendar-order xmlns="http://apple.com/ns/ical/">1</calendar-order></prop></set>'
    '</propertyupdate>',
    "ns-shadowed": '<D:propertyupdate xmlns:D="DAV:" xmlns:p="urn:outer"><D:set><D:prop>'
    '<p:x p:a="1" xml:lang="de"><p:y xmlns:p="urn:inner" p:a="2"><p:z p:a="3"/></p:y>'
    '</p:x></D:prop></D:set></D:propertyupdate>',
    "ns-empty-prefix-uri": '<d:propfind xmlns:d="DAV:"><d:prop><x:a xmlns:x=""/></d:prop>'
    '</d:propfind>',
    "ns-undeclared-attribute": '<d:propfind xmlns:d="DAV:"><d:prop><d:a q:b="1"/></d:prop>'
    '</d:propfind>',
    "ns-tricky-values": '<d:propfind xmlns:d="DAV:"><d:prop><d:a' + "".join(
        f" a{i} =\n '>/=&lt;{i} xmlns:z{i}=\"u\"'" for i in range(32)) + '/></d:prop></d:propfind>',
    "ns-hidden": '<d:propfind xmlns:d="DAV:"><!-- <x' + "".join(
        f' xmlns:p{i}="u"' for i in range(40)) + '> --><d:prop><![CDATA[<x' + "".join(
        f' a{i}="1"' for i in range(40)) + '>]]></d:prop></d:propfind>',
    "ns-written-back": '<r>' + "".join(f'<p{i} xmlns="urn:n{i}"/>' for i in range(200)) + '</r>',
}
for name, body in namespaces.items():
    assert len(body.encode()) <= 65536, name
    put("WebDAVRequests", name + ".xml", body)
