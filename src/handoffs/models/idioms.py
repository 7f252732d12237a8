"""Phrases and idioms the offline model reads whole, before single words: English and Korean side by side.

Each row of the table is ``(pattern, concepts, weight)``: a regular expression over the lower-cased message, the
concepts it says (comma-separated, see :data:`handoffs.models.lexicon.CONCEPTS`) and how strongly. A phrase
*consumes* its words, so they are not read again one by one: "the manager *in charge*" says nothing about billing,
"my phone *won't charge*" is technical, "*back in stock*" is no stock market. A row mapped to ``None`` only blocks
its words (off-topic requests, idioms whose words mean something else).

Rows are read in order and the first to claim a stretch of text keeps it, so a specific phrase comes before a
general one. Add a *class* of phrases (a word family, a grammar pattern, an idiom class), never one test sentence:
the routing eval (``python -m handoffs.evals``) measures what a row does on messages written by other people.

Data only: :mod:`handoffs.models.meaning` applies it.
"""

from __future__ import annotations

import re

from . import patterns

# (pattern, concepts or None to block, weight)
_PHRASE_TABLE: tuple[tuple[str, str | None, float], ...] = (
    # Praise for a person who helped: feedback, an ordinary question (before "person" reads as asking for one).
    (r"\b(?:agent|rep|staff|person|support|team|employee|operator|guy|lady|technician|driver)\b[^.!?]{0,30}?\b(?:was|were|is|has been)\s+"
     r"(?:so |very |really |super |incredibly |extremely )?(?:lovely|helpful|amazing|kind|wonderful|excellent|fantastic|patient|"
     r"friendly|brilliant)\b|\b(?:want(?:ed)? to|wanna|just) (?:say|give|send) (?:a )?(?:thanks|thank you|shout-?out|kudos|props|"
     r"compliments?)\b|\bkudos\b|(?:(?:택배|배달|배송)\s*)?(?:직원|상담원|상담사|기사님|기사|아저씨|아주머니|배달원|매니저|담당자)\S*\s*(?:\S+\s+){0,2}?(?<!불)친절|칭찬", "general", 1.0),
    # Thanks for a problem already solved is no new problem ("thank you, your team fixed my issue", "덕분에 해결됐어요").
    (r"\b(?:thank|thanks|thx|grateful|appreciate\w*)\b[^.!?]{0,50}?\b(?:fixed|solved|resolved|sorted(?: out)?|took care of|"
     r"handled)\b(?:\s+(?:my|the|our|this|that|it)\b(?:\s+\w+)?)?|(?:덕분에|감사)[^.!?]{0,20}?(?:해결|고쳐|처리)\S*\s*(?:됐|되었|했|졌)",
     None, 0),
    # A new product asked about: "새로 나온 제품", "신제품 있나요", "what's new in your range".
    (r"새로\s*(?:나온|출시된|출시한|들어온)|신제품|신상품|신모델|\bnew (?:arrivals?|releases?|products?|models?|launch(?:es)?)\b",
     "sales", 1.0),
    # Things a support desk does not do, read first so their words route nowhere ("영화 추천", "tell me a joke").
    (r"(?:점심|저녁|아침|메뉴|영화|노래|책|맛집|여행지|드라마|로또|운세|번호)\S*(?:\s+\S+){0,3}?\s*추천|\brecommend\b(?:\s+[\w-]+){0,4}?\s+"
     r"(?:movie|film|song|book|restaurant|show|series|game|recipe|podcast|album|novel)s?\b|(?:\S+\s+){0,2}번역|\btranslat\w*(?:\s+\w+){0,3}|\bhomework\b|숙제|"
     r"과제|주식|로또|운세|날씨|\blottery\b|\bhoroscope\b|\bweather\b|\bnot sure (?:whether|if) (?:it'?s )?[^.?!]*\bor\b[^.?!]*|(?<!\bin )(?<!\bof )(?<!\bback )\bstocks?\b(?: price)?|\bshares\b|\binvest\w*", None, 0),
    # A complaint about staff, read whole (before the idioms: "the manager in charge … is rude" is a complaint).
    (r"\b(?:rude|unprofessional|disrespectful|insulting|yelled|swore)\b.{0,40}\b(?:agent|rep|staff|employee|manager|support|"
     r"person|guy|woman|man|team|operator)\b|\b(?:agent|rep|staff|employee|manager|support|person|team|operator)\b.{0,40}"
     r"\b(?:was|were|is|got|being) (?:\w+ )?(?:rude|unprofessional|disrespectful|insulting)\b|\bhung up on me\b|"
     r"(?:직원|상담원|상담사|매니저|기사)\S*\s*(?:이|가)?\s*(?:\S+\s+){0,3}?(?:반말|욕|불친절|무례|비웃)", "escalate", 1.0),
    # Damage to the box, not the goods, is the carrier's doing: a delivery matter ("박스가 찌그러져서 왔어요").
    (r"(?:박스|상자|겉포장|포장\s*박스|포장지)\S*\s*(?:\S+\s+)?(?:찌그러|찢어|찢겨|젖어|젖은|구겨|뜯겨|파손)|\b(?:box|boxes|packaging|"
     r"carton|outer packaging)\b(?:\s+\w+){0,3}?\s+(?:crushed|dented|squashed|torn|ripped|soaked|wet|smashed)\b", "shipping", 1.0),
    # A price question about delivery itself: "how much is express delivery", "배송비 얼마예요".
    (r"\bhow much (?:is|are|does|do|would|will)\s+(?:the\s+)?(?:\w+\s+)?(?:shipping|delivery|postage)\b", "shipping", 1.0),
    # A refund *for a charge* is a billing matter, whoever else mentions refunds.
    (r"\brefund (?:for|of|on) (?:the |a |my |that |this )?(?:double |duplicate |extra |wrong )?(?:charges?|payments?|invoice|"
     r"bill|fee|subscription)\b|(?:결제|청구|요금|이중\s*결제)\S*\s*(?:건\s*)?환불|\b(?:do not|don'?t) recogni[sz]e\b",
     "billing", 1.0),
    # Where in the app or site to do something: a place, not a fault ("앱에서 하려니까 어디 있는지 모르겠어요").
    (r"(?:앱|어플|홈페이지|사이트|웹)\s*(?:에서|으로|로)\s+(?:\S+\s+)?(?:하려|해\s*보려|하는\s*(?:법|방법)|찾|바꾸려|변경하려|수정하려|할\s*수\s*있)",
     None, 0),
    # The customer's own sending ("I'm shipping my brother a gift"): not our delivery.
    (r"\b(?:i'?m|i am|we'?re|we are|i'?ll be|i was)\s+(?:\w+\s+)?(?:shipping|sending|mailing|posting)\b", None, 0),
    # The person in charge is a manager; any other "in charge" is an idiom (next).
    (r"\b(?:whoever(?:'s| is)|the person|a person|someone|somebody|the one|the guy|the people) in charge\b", "boss", 1.0),
    # Idioms whose words mean something else.
    (r"\bin charge\b|\btake charge\b|\bfree of charge\b|\b(?:at|for|with) no (?:extra )?charge\b|\bbank holidays?\b",
     None, 0),
    (r"\b(?:long story short|in short|short (?:of|on) time|for short)\b|\bno (?:problem|issue|issues|worries)\b|\bnot (?:a|an) (?:problem|issue)\b|\bno trouble\b", None, 0),
    (r"\b(?:fix|sort) (?:this|that)(?: out| mess)?\b(?!\s+\w+\s+(?:for|on|of))", "problem", 0.5),
    (r"\bpay(?:ing)? (?:attention|a visit|respect)\b|\bgive me a break\b|\bcrash course\b|\bfor the record\b",
     None, 0),
    (r"\bno complaints?\b|\bnot made of money\b|\b(?:connect|transfer|put)\s+me\s+(?:through\s+)?(?:with|to)\b|"
     r"\b(?:file|password|task|download|package|window|device|plugin|extension|tab|ad|event)\s+managers?\b", None, 0),
    (r"\btake my business elsewhere\b|\bi (?:don'?t|do not) buy (?:it|that|your|the|this|any)\b|\bbuy (?:me )?(?:some )?time\b",
     None, 0),
    (r"\baccount for\b|\bon account of\b|\bby the way\b|\bfixed (?:price|rate|income)\b|\bdeal(?:s|ing|t)? with\b|"
     r"\bbig deal\b|\bbreak the bank\b|\b(?:i'?m|we'?re|i am|we are) only human\b|\bbug (?:me|us|you|him|her|them)\b",
     None, 0),
    (r"\bcrash(?:ing|ed)? (?:at|on|with) (?:my|a|his|her|their|our|some|the)\b[\w' ]{0,20}?(?:place|house|couch|flat|"
     r"apartment|sofa|home)\b|\b(?:joke|story|poem|song|riddle|fun fact)s?\s+(?:about|on|with)\s+\w+", None, 0),
    (r"말이\s*(?:안|않)|말도\s*안|말\s*안\s*되|신경\s*(?:써|쓰)|문제\s*없|상관\s*없|고소\s*공포|사람\s*잡", None, 0),
    (r"(?:관리자|개발자|운영자)\s*(?:모드|페이지|권한|메뉴|설정)|\badmin (?:mode|panel|page|rights|settings)\b", None, 0),
    # Devices that will not charge are technical, not billing.
    (r"\b(?:phone|battery|device|laptop|tablet|watch|it|skates?|headphones|earbuds)\s+(?:won'?t|will not|doesn'?t|"
     r"does not|isn'?t|is not|stopped|can'?t|cannot)\s+(?:be\s+)?charg\w*|\bcharg\w*\s+(?:my|the|your)\s+"
     r"(?:phone|battery|device|laptop|tablet|watch)\b|\bcharging (?:port|cable|issue|problem)\b", "technical", 1.0),
    (r"(?:배터리|폰|핸드폰|휴대폰|기기)\S*\s*(?:충전|완충)|충전\S*\s*(?:이|가)?\s*(?:안|잘\s*안|못)\s*(?:돼|되|됨|해)",
     "technical", 1.0),
    (r"(?:포인트|잔액|금액|캐시|머니|선불)\S*\s*충전", "billing", 1.0),
    # Billing said as a whole.
    (r"\bcharged?\s+(?:me\s+)?(?:twice|two times|double)|\bdouble[- ]?charg\w*|\b(?:card|account)\s+(?:got\s+|was\s+)?"
     r"(?:hit|charged|billed)\s+twice\b|\bcharged?\s+(?:me\s+)?(?:again|more)\b", "billing", 1.0),
    (r"\b(?:payment|charge|transaction|card)s?\s+(?:went|gone|came|go|goes|got put)\s+through\s+(?:twice|two times|double|again)\b",
     "billing", 1.0),
    (r"두\s*번\s*(?:결제|결재|청구|빠져|나갔|출금|긁|승인|과금)|이중\s*(?:결제|결재|청구)|돈\S*\s*(?:이|을)?\s*(?:두\s*번|"
     r"더|잘못|많이)?\s*(?:빠져|나가|나갔|빠졌|출금|새)|(?:결제|청구|결재|출금|charge|payment|billing)\S*\s*두\s*번", "billing", 1.0),
    (r"\bmoney back\b|\bget my money\b|돈\S*\s*(?:을\s*)?돌려", "refund", 1.0),
    (r"\bcancel (?:my |the )?(?:subscription|plan|membership|renewal)\b|구독\s*(?:취소|해지)|자동\s*결제\s*(?:해지|취소)",
     "billing", 1.0),
    # Logging in is one thing, in both spellings.
    (r"\blog(?:ged)?[ -]?(?:in|on|out)\b|\bsign(?:ed)?[ -]?in\b|\bcan'?t get in\b", "technical", 1.0),
    (r"\bsign(?:ed)?[ -]?up\b", "account", 1.0),
    (r"\b(?:change|update|edit|correct|fix)\s+(?:my|the|our)?\s*(?:delivery|shipping)\s+address\b|"
     r"(?:배송지|배송\s*주소|받는\s*주소)\S*(?:\s+\S+){0,2}?\s*(?:좀\s*)?(?:변경|바꾸|바꿔|수정)", "shipping,account", 1.0),
    (r"\b(?:change|update|edit|correct|fix)\s+(?:my|the|our)?\s*(?:\w+\s+)?(?:address|email|name|phone number|username|"
     r"details|information|info|profile)\b|\b(?:address|email|name|phone number|details)\s+(?:changed|updated|corrected)\b",
     "account", 1.0),
    (r"\b(?:phone|contact|telephone) number\b|\bemail address\b", "general,account", 0.8),
    # "About my account", said without what about it: a hint, as weak as the English "account".
    (r"계정\S*\s*(?:관련|쪽|에\s*대해|문제로|때문에)(?:해서|하여|된|으로|이요|인데)?\s*(?:좀\s*)?(?:여쭤|문의|질문|물어|궁금|상담)", "account", 0.5),
    # Details recorded wrongly: "my name is misspelled", "생년월일이 잘못 등록돼 있어요".
    (r"\b(?:misspell\w*|spelt wrong|spelled wrong|(?:wrong|incorrect|misspelled|outdated|old) (?:name|surname|email|birthday|"
     r"date of birth|phone number|details))\b|(?:잘못|틀리게|틀린|다르게|엉뚱하게)\s*(?:등록|입력|기재|저장|적혀|들어가)", "account", 1.0),
    (r"(?:주소|이메일|메일|이름|전화번호|연락처|닉네임|정보|회원정보)\S*\s*(?:을|를)?\s*(?:좀\s*)?(?:변경|바꾸|바꿔|수정|update|change|edit)",
     "account", 1.0),
    (r"\b(?:after|since) (?:the |an? |this )?(?:latest |last |recent |new )?update\b|\blocked out\b|\bcan'?t get "
     r"(?:past|through|into)\b|\b(?:just\s+)?(?:spins?|spinning|loads?|loading|hangs?|hanging|buffers?|buffering)\s+"
     r"(?:forever|endlessly|nonstop|for ages)\b|\bkeeps? (?:spinning|loading|buffering|hanging|logging me out)\b", "technical", 1.0),
    (r"\b(?:order|package|parcel|delivery|shipment|it)\s+(?:is|was|'s|are)\s+(?:\w+\s+){0,2}late\b|\blate (?:delivery|order|"
     r"package|parcel)\b", "shipping", 1.0),
    # Things that do not do what they should.
    (r"\b(?:stopped|stops|quit|quits)\s+working\b|\b(?:doesn'?t|does not|don'?t|do not|won'?t|will not|isn'?t|is not|not|"
     r"never)\s+(?:\w+\s+)?(?:work|works|working|function|functioning|ignite|start|turn on|power on|switch on|stay|fit|"
     r"move|do anything|do a thing|hold|light|fire)\b|\bfell apart\b|\bfalls? apart\b|\bbroke down\b|\bkeeps? "
     r"(?:rolling|falling|breaking|failing|stalling|jamming|misfiring|exploding)\b|\bnot as (?:described|advertised)\b",
     "malfunction", 1.0),
    (r"\bacting up\b|\bon the fritz\b|\bconked out\b|\bgave out\b|\bgive out\b|\bsputter\w*|\bcough(?:s|ed|ing)\b|"
     r"\b(?:looked at|checked out|serviced)\b|\b(?:a/s|as)\s*(?:받|신청|접수|센터|요청|가능|되나)", "repairs", 1.0),
    (r"작동\S*\s*(?:이|을)?\s*(?:안|잘\s*안|멈|못)|안\s*(?:먹어|먹혀|움직|켜져|켜지|돌아가|나와)|효과\S*\s*(?:가|는|도)?\s*"
     r"(?:1도\s*|하나도\s*|전혀\s*)?없|멈추질\s*않|말을\s*안\s*들|금이\s*(?:갔|가|감)|안\s*(?:열려|열리|닫혀|닫히|늘어나|"
     r"켜|꺼|잠겨|잠기)", "malfunction", 1.0),
    # Asking for a person.
    (r"\b(?:someone|somebody|anyone|a person) (?:higher up|more senior|senior|in charge|above (?:you|your (?:\w+ )?(?:level|head|pay grade))|"
     r"with (?:\w+ )?(?:authority|power|clout))\b|\bhigher[- ]ups?\b|\byour superiors?\b",
     "boss", 1.0),
    (r"\b(?:real|actual|live|human|flesh[- ]and[- ]blood)\s+(?:(?:customer )?(?:service |support )?)(?:person|human|agent|people|being|"
     r"representative|rep|operator)\b",
     "human", 1.0),
    (r"\bsales\s+(?:agent|rep|representative|team|department|person|people)\b", "sales", 1.0),
    (r"(?:진짜|실제|살아\s*있는)\s*사람|사람\s*(?:이랑|하고|과|이\s*랑)|사람\S*\s*(?:연결|바꿔)", "human", 1.0),
    # Where is my parcel.
    (r"\bwhere(?:'s| is| are)\s+(?:my|the)\s+(?:order|package|parcel|stuff|item|items|delivery)\b|\b(?:hasn'?t|has not|"
     r"never|didn'?t|did not|still not|not yet)\s+(?:arrived|come|came|shown up|been delivered|delivered)\b|"
     r"\btrack(?:ing)?\s+(?:my\s+)?(?:order|package|parcel)\b", "shipping", 1.0),
    (r"\b(?:error|status|http)\s*[45]\d\d\b|\b[45]\d\d (?:too many|internal|not found|bad|error|forbidden|unauthori[sz]ed)|"
     r"\bthrows? (?:an? )?(?:error|exception)", "technical", 1.0),
    (r"(?:메일|이메일|문자|인증\s*번호|인증번호|알림|코드|otp|email|sms)\S*\s*(?:이|가|도)?\s*(?:(?:하나도|전혀|아예|아직|아직도|계속|자꾸|통|둘\s*다|모두|다)\s*)?(?:안|못)\s*(?:와|오|옴|왔|받)|"
     r"\b(?:email|code|text|sms|verification|otp|link)\w*\s+(?:never|didn'?t|did not|hasn'?t|has not|won'?t|doesn'?t)\s+"
     r"(?:\w+\s+)?(?:come|came|arrive|arrived|show up|showed up)", "technical", 1.0),
    (r"\b(?:promo|discount|coupon|voucher)\s*(?:code)?\s+(?:didn'?t|did not|wasn'?t|was not|never|won'?t)\s+(?:\w+\s+)?(?:apply|"
     r"applied|work|go through)|(?:쿠폰|할인|적립금|포인트)\S*\s*(?:이|가)?\s*(?:적용\S*\s*)?(?:안|못)\s*(?:들어|먹|적용|됐|되|된|돼)",
     "billing", 1.0),
    (r"(?:아직|언제)\S*\s*(?:안|도\s*안)?\s*(?:와|오|왔|도착)|안\s*(?:와요|왔|오네|옴)|못\s*받|받지\s*못|출발했다|문\s*앞에\s*(?:두고|놓고)|"
     r"소식이\s*없", "shipping", 0.8),
    # Wanting to buy, said without a buying word.
    (r"\blooking for (?:a|an|some|something|new)\b|\bdo you (?:have|sell|carry|stock)\b|\bwhat do you (?:have|sell)\b|"
     r"\bin the market for\b|\bi(?:'d| would) like (?:to get|to order|some|a new)\b|\bi want (?:to get|to order|a new)\b|"
     r"\bwhat you(?:'ve| have)? got\b|\btake my money\b|\bget my hands on\b|\bpre-?order|\bin stock\b|"
     r"\bwhat (?:sizes|colou?rs|models) (?:are there|do you have)\b|\b(?:got|have you got) anything\b|\bshow me what\b|\b(?:thinking (?:about|of)|"
     r"considering|planning (?:on|to)) (?:getting|buying|ordering|purchasing|get|buy|order)\b|\bplace an order\b|"
     r"\b(?:thing|things|anything|something|one) you(?:'ve| have)? got\b|\bhow (?:do|can|would) i (?:order|buy|purchase|get "
     r"(?:one|a pair|a set|it|them|some))\b|\bhow to (?:order|buy)\b|\bwhat'?s the damage\b|\b(?:a )?(?:second|another|extra|"
     r"spare) (?:pair|one|set|unit)\b",
     "sales", 0.8),
    (r"사고\s*싶|살\s*수\s*있|사려(?:고|는데|면|구)|구매\S?\s*(?:하고|하려|할|희망)|주문\s*(?:하고\s*싶|하려|할게|할께|할래)|"
     r"뭐\s*(?:파|팔)|팔아요|파나요|파세요", "sales", 1.0),
    (r"얼마(?:예요|에요|에여|예여|인가요|인지|죠|야|임|에\s*팔|면|나\s*해|짜리|여)|가격\S*\s*(?:이|은|좀)?\s*(?:어떻게|얼마|알려)",
     "sales", 1.0),
    # A question that fits no department.
    (r"\b(?:i want|i'd like|i would like|i need|i just want) to know\b|\bdo you(?: guys| folks| all)? (?:offer|support|"
     r"provide|have (?:a|an|any))\b|\bwhat (?:are|is) your\b|\bjust (?:wanted|want) to (?:ask|know)\b|\bhow long "
     r"(?:do|does|will|can|is)\b|\bwhere (?:is|are) (?:your|the) (?:office|store|shop|headquarters|hq|branch)", "general", 0.8),
    (r"어디(?:예요|에요|인가요|야|죠|에\s*있)|(?:알고|묻고|여쭤보고)\s*싶", "general", 0.8),
    (r"\b(?:copy of|download|export|delete|access to) (?:my |all my |all of my )?(?:personal )?(?:data|information|info)\b|"
     r"\bpersonal data\b|개인\s*정보\S*\s*(?:다운|삭제|열람)", "account", 1.0),
    (r"\bsomeone from (?:your|the) (?:team|company|staff|side)\b|\breach out to me\b|\bcall me back\b|\bpersonally\b|"
     r"유인\s*상담|전화\s*상담", "human", 1.0),
    # More ways to want to buy, to want money back, or to be billed wrong.
    (r"\bhow much (?:for|is|are|does|do|would|will|to)\b|\bwhat(?:'s| is) the price\b|\bcheapest\b|\bprice (?:of|for)\b|"
     r"\bcomes? in (?:red|blue|green|black|white|other colou?rs?|a bigger size|\w+ sizes?)\b|\b(?:i'?d like|i want|i need|can i "
     r"get|give me) (?:\w+ )?more\b|\banother (?:one|pair|set|crate|box)\b|\b(?:and |also )?(?:order|buy|purchase) (?:a|an|"
     r"some|another|more|\d{1,3} [a-z]|one|two|three|ten)\b|\b1\+1\b", "sales", 1.0),
    (r"(?:뭐|뭐가|어떤\s*거|어떤\s*게)\s*(?:있어요|있나요|있을까요|있음)|살\s*만한|잡을\s*만한|추천\s*(?:해|좀)|1\+1", "sales", 0.8),
    (r"\bjust (?:browsing|looking)\b|구경\S{0,3}\s*(?:왔|하러|중)|둘러보", None, 0),
    (r"(?:대용량|소용량|큰\s*거|작은\s*거|다른\s*색|사이즈)\S*\s*(?:도\s*)?(?:있나요|있어요|있을까요)|(?:좋은\s*거|괜찮은\s*거)\s*"
     r"(?:있으면|있나요|있어요)|하나\s*(?:보내|주세요|살게)|주문\s*(?:어떻게|하려면)|어떻게\s*주문|사려면\s*어떻게", "sales", 0.8),
    (r"\badd\b.{0,30}\b(?:as (?:an? )?(?:authori[sz]ed |second |joint |additional )?user|to (?:my|our|the) account)\b|"
     r"\b(?:second|authori[sz]ed|joint|additional) (?:user|account holder|member)\b|(?:마케팅|광고|홍보)\s*(?:문자|메일|알림|전화)|"
     r"수신\s*거부|그만\s*받|\bstop (?:sending|getting|receiving)\b|\bopt(?:-| )?out\b|\badd (?:a |another |an extra )?(?:second |new )?(?:user|member|seat|person) to\b|\b(?:transfer|close|delete|cancel|"
     r"deactivate|merge|switch|change|reopen|unlock)(?:e?d|ing|es)? (?:my |the |his |her |our |their )?(?:\w+(?:'s)? ){0,2}accounts?\b|"
     r"\b(?:get|have) (?:my |the |our )?accounts? (?:switched|moved|transferred|changed|merged|closed|deleted)\b", "account", 1.0),
    (r"\bsmall claims\b|\bsee you in court\b|\b(?:i'?m|i am|we'?re) (?:suing|taking you to court|filing (?:a )?(?:suit|claim|lawsuit))|"
     r"\bcease and desist\b|\blegal action\b|법적\s*(?:조치|대응)|소송\s*(?:을|걸|하겠|할\s*거)", "escalate", 1.5),
    (r"\bformal notice\b|\bunlawful\w*|\bdata protection (?:authority|regulator|officer)\b|\b(?:article|section) \d+\b|"
     r"공식적으로\s*(?:\S+\s+){0,2}?(?:문제\s*제기|항의|이의)|(?:문제|이의)\s*제기|\bwhoever (?:actually )?(?:signs off|makes (?:the )?"
     r"decisions|runs)\b", "escalate", 1.0),
    (r"\b(?:took|taken|taking|charged|charging|deducted|withdrew|withdrawn)\s+(?:my\s+)?money\b|\bstill (?:took|charged|"
     r"charging|billing|billed|taking)\b|\b(?:cutting|deducting|debiting|charging) double\b|\bdouble (?:deduction|debit|"
     r"cut)\b|\bprice (?:on|in) (?:my|the) (?:receipt|invoice|bill|statement)\b|\$\s?\d[\d,.]*\s+(?:higher|too much|"
     r"over)\b|(?:금액|돈|환불금)\S*\s*(?:이|가)?\s*(?:덜|적게|안)\s*(?:들어|입금)", "billing", 1.0),
    (r"\bgave up the ghost\b|\b(?:a |total |complete )?lemon\b|\bon (?:its|their) last legs\b|\bbit the dust\b|"
     r"\bdoesn'?t do (?:what it|its job)\b|\bonly (?:hops?|works?|fires?|goes|go|turns?|spins?) \w+|\bwent belly[- ]up\b|"
     r"\bkicked the bucket\b|\bdied on me\b|\bis toast\b", "repairs", 1.0),
    # Exasperation: a customer at the end of their patience leans towards a manager (a hint, not a request).
    (r"\b(?:i'?m|i am) (?:so|just so|completely|totally|officially) (?:done|over it)\b(?! with (?:the|my|it)\b)|"
     r"\b(?:i'?m|i am) (?:so |completely |totally )?fed up\b|"
     r"\bi'?ve had (?:it|enough)\b|\bhad it with\b|\blast straw\b|참을\s*만큼\s*참|더\s*(?:는|이상)\s*못\s*참", "escalate", 0.4),
    # Buying said with a verb after "and"/"to": "…and also order the deluxe set".
    (r"\b(?:also|and|then|to|i'?ll|i will)\s+(?:order|buy|purchase)\s+(?:the|a|an|some|another|more|one|two|\d+)\b", "sales", 1.0),
    (r"\bbig cheese\b|\bhead honcho\b|\btop dog\b|\bwhoever(?:'s| is) in charge\b|\bperson in charge\b", "boss", 1.0),
    (r"\b(?:done|tired of|sick of|fed up with) (?:talking|talkin|chatting) (?:to|with) (?:a |the )?(?:bots?|machines?|ai)\b|"
     r"\bno (?:more )?bots\b", "human", 0.8),
    (r"\b(?:ran|run|swiped|charged|hit) my card\b|\bcosts? (?:me|us)\s+(?:another |an extra |extra )?[$€£]?\d+(?:[,.]\d+)*|\bset me back\b|\d[\d,.]*\s+(?:instead of|rather than)\s+[$€£]?\d|\bhighway robbery\b|"
     r"\b(?:nearly |almost )?(?:double|twice|triple) (?:what|the price|the amount)\b|[$€£]\s?\d[\d,.]*\s+(?:you )?(?:took|charged|billed)|"
     r"\d[\d,]*\s*원\S*\s*(?:이|가)?\s*(?:더\s*)?(?:빠졌|나갔|결제|청구|빠져)", "billing", 1.0),
    (r"\bmoney(?:'s| is)? burning a hole in my pocket\b|\bpull the trigger on\b|\bwhat(?:'s| is| are) (?:your|the) best\b|"
     r"\bbest (?:seller|one|trap|deal|option)s?\b|\bany (?:ideas|suggestions|recommendations)\b|\bdoes it come with\b|"
     r"\bwhat would you (?:suggest|recommend)\b|\bi need something (?:that|to|for)\b|\bwhich (?:of your|one of your|one)\b[^?.!]*"
     r"\bbest\b|\bdifference between\b|\bpick one\b|\btake the plunge\b|\bgo (?:the )?whole hog\b|\bplace (?:an?|another|a second|"
     r"my) order\b|\bsecond order\b|\border (?:another|more|again)\b|맞추고\s*싶|뭘\s*사야|어떤\s*(?:걸|게)\s*(?:좋|나)", "sales", 0.9),
    (r"\b(?:shows?|gives?|does|makes?) \w+ instead of\b|연기\S*\s*(?:가\s*)?나|불꽃|타는\s*냄새|정상\s*(?:이\s*)?아니|\bisn'?t "
     r"normal\b|\bnot normal\b|\bsmoke\b|\bsmoking\b", "malfunction", 0.8),
    (r"\b(?:returns?|shows?|gives?|brings? up|comes? up with|displays?|loads?)\s+(?:nothing|no results|zero results|(?:a )?blank|empty)\b|"
     r"\bsearch (?:bar|box|field|results?|function)\b|\bblank (?:page|screen)\b|\b(?:video|audio|music|media|sound)\s+(?:player|playback|"
     r"stream\w*|quality|keeps|stutters|lags|freezes|cuts out|drops)\b|\bno sound\b", "technical", 1.0),
    (r"빙글빙글|뱅글뱅글|무한\s*로딩|로딩만|(?:사진|파일|글)\S*\s*(?:이|가|을|를)?\s*(?:안\s*)?올라가|올리기", "technical", 1.0),
    (r"어디(?:쯤|까지)\s*(?:왔|와|있)", "shipping", 1.0),
    (r"\brecommend (?:a |an |some |me )?(?:good |nice )?(?:movie|film|song|book|restaurant|show|series|game|recipe|place to eat)"
     r"s?\b|\b(?:bank|banking) app\b", None, 0),
    (r"\bget (?:\w+\s+){0,4}?back\b(?! to me)|\bsend (?:it|them) back\b", "refund", 0.8),
    (r"\b(?:how (?:do|can|would) (?:i|we)|want to|wanna|like to|need to|can i|could i|trying to)\s+(?:\w+\s+)?return\b(?!\s+to\b)|"
     r"\b(?:unused|unopened|never (?:been )?(?:opened|worn))\b", "refund,repairs", 1.0),  # as "return" itself: both
    (r"\b(?:took|charged|billed|paid|debited|deducted)\s+(?:me\s+)?\$\s?\d|\$\s?\d[\d,.]*\s+(?:more|extra|instead)|"
     r"\bdouble[- ]?(?:dinged|billed|hit)\b|\bdinged\b|\b(?:left|came out of|taken from|deducted from|withdrawn from)\s+my\s+"
     r"(?:account|card|bank)\b|\b(?:same )?amount\s+(?:\w+\s+){0,4}?(?:twice|two times)\b", "billing", 1.0),
    (r"[$€£]\s?\d[\d,.]*|\d[\d,.]*\s*(?:원|달러|dollars|usd|krw|eur|euros?|gbp|pounds)\b|\d[\d,]*원", "billing", 0.5),
    (r"\b(?:package|parcel|order|shipment|delivery|box|it)\s+(?:is|was|'s|has been|got|been)\s+(?:\w+\s+)?(?:stuck|sitting|held)\b|"
     r"\bstuck (?:in|at) (?:customs|transit|the (?:warehouse|depot|hub|post office|sorting \w+))\b|"
     r"\b(?:was|were|is) supposed to (?:be|arrive|come|get here|ship)\s+(?:here\s+|delivered\s+)?(?:yesterday|today|tomorrow|by|on|"
     r"last|this|next|in \w+ days)\b|\bshould(?:'ve| have) (?:been here|arrived|come|been delivered)\b|\bwhere (?:it|they) (?:is|are)\b", "shipping", 0.8),
    (r"\b(?:payment|pay|checkout|billing|login|cart|upload|download|submit)\s+(?:button|screen|page|form|tab|window)\b|"
     r"[가-힣]+(?:하기)?\s*(?:버튼|화면|페이지|탭|메뉴)\S*\s*(?:이|가)?\s*(?:자체가\s*)?(?:안|잘\s*안|먹통|멈)", "technical", 0.7),
    (r"\b(?:shot|came|fell|falls|popped|flew) off\b|\bgone haywire\b|\bbarely (?:works|fits|holds)\b|색이\s*(?:다\s*)?빠|"
     r"안\s*펴지|\bworked (?:\w+\s+){0,2}?(?:until|till|til|up until)\b|\bused to work\b|\bsupposed to\b(?!\s+(?:be|arrive|come|get here|"
     r"ship)\s+(?:here\s+|delivered\s+)?(?:yesterday|today|tomorrow|by|on|last|this|next|in \w+ days))|\bthe manual says\b|"
     r"\b(?:checked|read|followed|re-?read) the (?:manual|instructions)\b|\bmakes? (?:a |an |this )?(?:\w+\s+){0,2}?(?:noise|sound)s?\b|"
     r"맛이\s*(?:갔|가)|(?:바퀴|손잡이|뚜껑|나사|부품|끈|줄|다리|버튼|날개|스프링)\S*\s*(?:이|가)?\s*(?:빠졌|빠져|떨어졌|떨어져|부러졌|풀렸|찢어졌|나갔)",
     "malfunction", 1.0),
    (r"(?<![가-힣])(?:아직도|여전히)\s", "malfunction", 0.5),
    # It worked only briefly: "fun for a day", "used it once and now…".
    (r"\b(?:fun|fine|great|good|worked|lasted) (?:for )?(?:a|one|two|three|\d+) (?:day|days|week|weeks|hour|hours)\b|"
     r"\bused it (?:\w+\s+)?(?:once|twice)\b", "malfunction", 0.6),
    (r"\barrived (?:\w+\s+)?late\b|\blate (?:arrival|delivery)\b|\bmoving (?:house|home|out)\b|\bnew (?:address|place|house|"
     r"apartment|home)\b|\bsend it to (?:my|the|a) (?:new|other|different)\b", "shipping,account", 0.8),
    (r"(?:address|email|이메일|주소|연락처|전화번호|받는\s*곳)\S*(?:\s+\S+){0,3}?\s*(?:좀\s*)?(?:변경|바꾸|바꿔|수정)", "account", 1.0),
    (r"(?:같은\s*게|같은\s*거|이런\s*거|그런\s*거)\s*(?:있나요|있어요|있을까요)|있는지\s*(?:궁금|문의)|"
     r"(?:운영|영업|상담)\s*시간|몇\s*시\s*(?:까지|부터|에\s*(?:열|닫|문|오픈|마감))|\bterms (?:of (?:service|use)|and conditions)\b|"
     r"이용\s*약관", "general", 0.9),
    # A question announced, not yet asked ("문의드립니다."): a hint, like "I have a question".
    (r"문의\s*(?:드립니다|합니다|드려요|드릴게요|드릴께요)", "general", 0.5),
    # Something does not do what it should: "it won't latch", "the rocket won't launch" (not "I won't pay").
    (r"(?<!\bi\s)(?<!\bwe\s)(?<!\byou\s)(?<!\bi'll\s)\b(?:won'?t|wont|will not|doesn'?t|does not|didn'?t|did not|can'?t|"
     r"cannot|refuses? to|fails? to|failed to)\s+(?!(?:turn|show)\s+up\b|be\b|have\b|want\b|need\b|know\b|understand\b|pay\b|buy\b|order\b|"
     r"get\b|help\b|find\b|see\b|tell\b|care\b|mind\b)\w+", "malfunction", 0.7),
    # Something does not do what it should, said the Korean way: "안 + verb" (read last: specific phrases first).
    (r"(?<![가-힣])안\s+(?!녕|내|에|쪽|심|전|경|방|과)(?![가-힣]{1,3}(?:시|셔|셨)[가-힣]{0,2}(?![가-힣]))[가-힣]{1,5}(?:요|다|네|음|함|어|아|고)(?![가-힣])|[가-힣]{2,}지\s*(?:않|못)"
     r"(?:아요|아|네요|습니다|음|고|는데)", "malfunction", 0.7),
)
PHRASES: tuple[tuple[re.Pattern[str], tuple[str, ...], float], ...] = tuple(
    (patterns.compile(pattern, re.IGNORECASE), tuple(concepts.split(",")) if concepts else (), weight)
    for pattern, concepts, weight in _PHRASE_TABLE
)


# --- reading only what can match ---------------------------------------------------------------------------------
# Most messages are in one script. A row's English alternatives cannot match a message without Latin letters, nor
# its Korean ones a message without Hangul, so each row is also compiled per script: the same matches, fewer tries.

_KOREAN_LETTER = patterns.compile(r"[\uac00-\ud7a3\u3131-\u3163]")


def _alternatives(pattern: str) -> list[str]:
    """``pattern`` split at its top-level ``|`` (not inside a group or a character class)."""
    parts, depth, in_class, start, i = [], 0, False, 0, 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    return parts + [pattern[start:]]


def _script(alternative: str) -> str:
    """"en" for an alternative that needs Latin letters, "ko" for one that needs Hangul, "any" otherwise."""
    bare = re.sub(r"\\.|\(\?(?:[:=!]|<[=!])", "", alternative)
    korean, latin = bool(_KOREAN_LETTER.search(bare)), bool(re.search(r"[a-z]", bare))
    return "ko" if korean and not latin else "en" if latin and not korean else "any"


def _by_script(pattern: str) -> dict[str, re.Pattern[str] | None]:
    scripts = [(_script(a), a) for a in _alternatives(pattern)]
    kept = {lang: [a for s, a in scripts if s in (lang, "any")] for lang in ("en", "ko")}
    return {lang: patterns.compile("|".join(alts), re.IGNORECASE) if alts else None for lang, alts in kept.items()}


PHRASES_BY_SCRIPT: tuple[dict[str, re.Pattern[str] | None], ...] = tuple(_by_script(p) for p, _, _ in _PHRASE_TABLE)
"""For each row of :data:`PHRASES`: its alternatives that can match a message in one script ("en" or "ko")."""


_LATIN_LETTER = patterns.compile(r"[a-z]", re.IGNORECASE)


def phrase_patterns(text: str) -> list[tuple[re.Pattern[str] | None, tuple[str, ...], float]]:
    """The rows of :data:`PHRASES` to read ``text`` with: whole for a mixed message, else only what can match."""
    korean, latin = bool(_KOREAN_LETTER.search(text)), bool(_LATIN_LETTER.search(text))
    if korean == latin:
        return list(PHRASES)
    lang = "ko" if korean else "en"
    return [(split[lang], concepts, weight) for split, (_, concepts, weight) in zip(PHRASES_BY_SCRIPT, PHRASES)]
