/// The fixed parts of the report page: its style sheet, the SVG filters that tint images, and its script.
///
/// All inline: the page makes no request but for its own images, and its Content-Security-Policy forbids any
/// other (no network, no external script, font or style sheet).
enum ReportPage {
  /// Allows images from files and data URIs, inline style and script, and nothing else.
  static let contentSecurityPolicy =
    "default-src 'none'; img-src file: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

  /// The tint of template images on white and on the dark background (the system blue of each appearance).
  static let templateTint = (light: "#007AFF", dark: "#0A84FF")
  /// The tint a tinted app icon is shown in.
  static let iconTint = (red: 1.0, green: 0.624, blue: 0.039)

  static var style: String {
    let light = ReportPalette.light
    let dark = ReportPalette.dark
    let tileLight = ReportPalette.tileLight
    let tileDark = ReportPalette.tileDark
    return """
      :root{color-scheme:light dark;\(light.css)}
      @media (prefers-color-scheme:dark){:root{\(dark.css)}}
      *{box-sizing:border-box}
      body{margin:0;background:var(--page);color:var(--text);font:15px/1.45 system-ui,-apple-system,"Segoe UI",\
      sans-serif}
      a{color:var(--link)}
      :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
      .skip{position:absolute;left:8px;top:-48px;background:var(--panel);color:var(--link);padding:8px 12px;\
      border:1px solid var(--border);z-index:2}
      .skip:focus{top:8px}
      header,main{max-width:1200px;margin:0 auto;padding:0 16px}
      header{padding-top:16px}
      h1{font-size:1.6em;margin:0 0 4px}
      h2{font-size:1.3em;margin:24px 0 8px}
      h3{font-size:1.05em;margin:0 0 8px}
      code{font:13px/1.4 ui-monospace,Menlo,Consolas,monospace}
      .muted,.path,.group,.px{color:var(--muted)}
      .group{font-weight:400}
      .box{background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:12px 16px}
      #summary h3{margin-top:14px}
      .counts{display:flex;flex-wrap:wrap;gap:8px 24px;margin:0}
      .counts div{display:flex;flex-direction:column-reverse}
      .counts dt{color:var(--muted);font-size:.9em}
      .counts dd{margin:0;font-size:1.4em;font-weight:600}
      .attention{padding-left:1.4em;margin:8px 0}
      .l-error>.sev,.attention .l-error .sev,.verdict.l-error,.badge.l-error,tr.l-error td:last-child\
      {color:var(--error)}
      .l-warning>.sev,.attention .l-warning .sev,.verdict.l-warning,.badge.l-warning,tr.l-warning td:last-child\
      {color:var(--warning)}
      .l-note>.sev,.attention .l-note .sev,.verdict.l-note,tr.l-note td:last-child{color:var(--note)}
      .verdict.l-ok,tr.l-ok td:last-child{color:var(--ok)}
      .sev{font-weight:600}
      .controls{position:sticky;top:0;z-index:1;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;\
      background:var(--page);border-bottom:1px solid var(--border);padding:8px 0}
      .controls input,.controls select{font:inherit;color:var(--text);background:var(--page);\
      border:1px solid var(--border);border-radius:6px;padding:4px 8px}
      .controls input{width:18em}
      .controls input::placeholder{color:var(--muted);opacity:1}
      .card{background:var(--panel);border:1px solid var(--border);border-left-width:6px;border-radius:8px;\
      padding:12px 16px;margin:12px 0;content-visibility:auto;contain-intrinsic-size:auto 280px}
      .card.l-error{border-left-color:var(--error)}
      .card.l-warning{border-left-color:var(--warning)}
      .self{color:inherit;text-decoration:none}
      .self:hover,.self:focus-visible{text-decoration:underline}
      .badge{display:inline-block;font-size:.8em;font-weight:600;border:1px solid var(--border);border-radius:10px;\
      padding:0 8px;margin-left:4px;vertical-align:1px}
      .diags{list-style:none;padding:0;margin:0 0 8px}
      .diags li{margin:2px 0}
      .slot{margin:4px 0}
      .slot-label{margin:0 0 4px;color:var(--muted);font-size:.9em}
      .tiles{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
      .tile{margin:0;padding:8px;border:1px solid var(--border);border-radius:6px;display:flex;\
      flex-direction:column;align-items:center;gap:4px;max-width:200px}
      .tile figcaption{font-size:.8em;text-align:center;overflow-wrap:anywhere}
      .on-light{background:\(tileLight.background);color:\(tileLight.text)}
      .on-light .px{color:\(tileLight.muted)}
      .on-dark{background:\(tileDark.background);color:\(tileDark.text)}
      .on-dark .px{color:\(tileDark.muted)}
      body.elevated .on-dark{background:\(tileDark.elevated)}
      .on-layer{background:#636366;color:#FFFFFF}
      .on-layer .px{color:#E5E5EA}
      .frame{display:grid;place-items:center;min-width:48px;min-height:48px}
      .on-light .frame{background:repeating-conic-gradient(#FFFFFF 0 25%,#C7C7CC 0 50%) 0 0/12px 12px}
      .on-dark .frame{background:repeating-conic-gradient(#000000 0 25%,#48484A 0 50%) 0 0/12px 12px}
      .frame>img{grid-area:1/1;max-width:160px;max-height:160px;height:auto;object-fit:contain}
      .frame.missing{font-size:.8em;padding:8px}
      .frame .map{display:none}
      .map-toggle:checked~.compare .map{display:block}
      .map-toggle{margin:0 6px 0 0;width:18px;height:18px;vertical-align:-3px}
      .on-light .tint-template{filter:url(#tint-light)}
      .on-dark .tint-template{filter:url(#tint-dark)}
      .tint-icon{filter:url(#tint-icon)}
      .icons .frame>img{border-radius:22.5%}
      .swatch{width:72px;height:72px;border-radius:8px;border:1px solid \(ReportPalette.light.border)}
      .clipping{margin-top:8px}
      .source{border-top:1px solid var(--border);padding-top:8px;margin-top:8px}
      .verdict{margin:4px 0;font-weight:600}
      .verdict .muted{font-weight:400}
      .figures{display:flex;flex-wrap:wrap;gap:4px 20px;margin:4px 0}
      .figures div{display:flex;gap:6px}
      .figures dt{color:var(--muted)}
      .figures dd{margin:0}
      .reasons{margin:4px 0;padding-left:1.4em}
      .compare{margin-top:8px}
      .legend{font-size:.85em;color:var(--muted)}
      .key{display:inline-block;width:12px;height:12px;border:1px solid var(--border);vertical-align:-1px}
      .k-plateau{background:#FFE600}.k-lost{background:#00DCFF}.k-out{background:#D2369A}
      table.contrast{border-collapse:collapse;margin-top:8px}
      .contrast caption{text-align:left;font-weight:600}
      .contrast th,.contrast td{border-bottom:1px solid var(--border);padding:4px 10px;text-align:left}
      .sample{display:inline-block;padding:2px 8px;font-weight:600;border:1px solid var(--border)}
      [hidden]{display:none!important}
      """
  }

  /// The filters behind `tint-template` (every visible pixel in the tint color) and `tint-icon` (the image's
  /// luminance times the tint color, alpha kept), as the system draws template images and tinted app icons.
  static var filters: String {
    let (r, g, b) = iconTint
    func row(_ tint: Double) -> String {
      [0.2126, 0.7152, 0.0722].map { formatted($0 * tint) }.joined(separator: " ") + " 0 0"
    }
    return """
      <svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false">\
      <filter id="tint-light" color-interpolation-filters="sRGB"><feFlood flood-color="\(templateTint.light)"/>\
      <feComposite in2="SourceAlpha" operator="in"/></filter>\
      <filter id="tint-dark" color-interpolation-filters="sRGB"><feFlood flood-color="\(templateTint.dark)"/>\
      <feComposite in2="SourceAlpha" operator="in"/></filter>\
      <filter id="tint-icon" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" \
      values="\(row(r)) \(row(g)) \(row(b)) 0 0 0 1 0"/></filter></svg>

      """
  }

  private static func formatted(_ value: Double) -> String {
    var text = String(Int((value * 10000).rounded()))
    while text.count < 5 { text = "0" + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -4))
    return text
  }

  /// Filtering by text and level, keeping a linked card visible, and the dark background switch.
  static let script = """
    (function(){
    "use strict";
    var filter=document.getElementById("filter"),level=document.getElementById("level"),
    shown=document.getElementById("shown"),background=document.getElementById("darkbg"),
    cards=Array.prototype.slice.call(document.querySelectorAll("article.card")),
    groups=Array.prototype.slice.call(document.querySelectorAll("section.kind")),timer=0;
    function matches(card,words,wanted){
    var text=card.getAttribute("data-search"),l=card.getAttribute("data-level");
    for(var i=0;i<words.length;i++){if(text.indexOf(words[i])<0)return false;}
    if(wanted==="attention")return l==="error"||l==="warning";
    if(wanted==="clipping")return text.indexOf(" clipping ")>=0;
    return wanted==="all"||l===wanted;}
    function apply(){
    var words=filter.value.toLowerCase().split(/\\s+/).filter(Boolean),wanted=level.value,count=0;
    for(var i=0;i<cards.length;i++){var show=matches(cards[i],words,wanted);
    if(cards[i].hidden===show)cards[i].hidden=!show;if(show)count++;}
    for(var j=0;j<groups.length;j++){groups[j].hidden=!groups[j].querySelector("article.card:not([hidden])");}
    shown.textContent=count===cards.length?"Showing all "+count:"Showing "+count+" of "+cards.length;}
    filter.addEventListener("input",function(){clearTimeout(timer);timer=setTimeout(apply,60);});
    level.addEventListener("change",apply);
    background.addEventListener("change",function(){
    document.body.classList.toggle("elevated",background.value==="elevated");});
    function reveal(){var id=decodeURIComponent(location.hash.slice(1)),target=id&&document.getElementById(id);
    if(target&&target.closest("[hidden]")){filter.value="";level.value="all";apply();target.scrollIntoView();}}
    window.addEventListener("hashchange",reveal);
    document.addEventListener("keydown",function(event){
    if(event.key==="/"&&document.activeElement!==filter&&!event.ctrlKey&&!event.metaKey){
    event.preventDefault();filter.focus();}});
    apply();reveal();
    })();
    """
}
