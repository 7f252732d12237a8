"""The offline model's vocabulary, English and Korean side by side: which words mean which *concept*.

A concept is what a customer is talking about (``billing``, ``technical``, ``sales``, ``repairs``, ``refund``,
``human`` …). A tool "offers" a concept when its name or description mentions it; a message "raises" it when the
customer's words do. Routing compares the two (:mod:`handoffs.models.routing`).

How to read the tables:

* ``strong`` words give a concept with weight 1.0, ``weak`` ones 0.5 ("card" or "money" hint at billing, "charged"
  says it). English words match by their stem (``charged`` ~ ``charge``); Korean entries match the beginning of a
  Korean word (``결제`` matches ``결제되었습니다``), and anywhere inside it when they have two or more syllables
  (``이중결제``).
* phrases and idioms, read before single words, are in :mod:`handoffs.models.idioms`.
* :data:`RELATED`: how much one concept stands in for another when a tool does not name it directly (a refund is
  a billing matter; a manager is a person).

This is a lexicon, not a language model: big enough for customer-support conversations in both languages, and a
learner can read it in ten minutes. Its coverage is measured by the routing eval set (``python -m handoffs.evals``).
"""

from __future__ import annotations

import re

from . import patterns
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    strong: tuple[str, ...] = ()
    weak: tuple[str, ...] = ()
    ko_strong: tuple[str, ...] = ()
    ko_weak: tuple[str, ...] = ()


def _entry(en: str = "", en_weak: str = "", ko: str = "", ko_weak: str = "") -> Entry:
    return Entry(tuple(en.split()), tuple(en_weak.split()), tuple(ko.split()), tuple(ko_weak.split()))


CONCEPTS: dict[str, Entry] = {
    "billing": _entry(
        en="bill billing billed invoice invoiced receipt payment payments pay paid charge charged overcharged "
           "overcharge transaction statement fee fees debit debited deducted withdrawn subscription renewal "
           "renewed chargeback installment prepaid postpaid vat tax repaid declined emi dispute unrecognised overcharging "
           "unrecognized eur gbp",
        en_weak="card money amount bank paypal credit price",
        ko="결제 결재 청구 요금 과금 출금 인출 영수증 구독 정기결제 자동결제 명세서 청구서 인보이스 세금계산서 할부 "
           "수수료 이체 입금 송금 이중결제 중복결제 긁혔 긁힌 빠져나가 빠져나갔 빠져나간 납부 연체 위약금 이용료 사용료 구독료 "
           "월정액 월사용료 정산",
        ko_weak="카드 돈 금액 비용 페이 계좌 승인 가격 요금제 통장 잔액",
    ),
    "refund": _entry(
        en="refund refunds refunded refunding reimburse reimbursement reimbursed",
        en_weak="return returns returning",
        ko="환불 환급 반품 돌려받 돌려주 돌려줘",
        ko_weak="취소",
    ),
    "technical": _entry(
        en="technical tech error errors bug bugs crash crashes crashed crashing freeze freezes frozen freezing "
           "glitch glitches login logout password app apps website webpage browser install installed "
           "installing software firmware wifi internet network server loading connection connecting api endpoint sdk "
           "disconnect sync syncing notification notifications download upload lag lagging laggy reboot "
           "screen device laptop computer tablet battery charger bluetooth 2fa otp verification verify",
        en_weak="page button link code site update updated load loads slow restart boot phone locked connect playback "
                "streaming",
        ko="기술 오류 에러 버그 튕기 튕겨 튕김 튕겼 팅기 팅겨 꺼지 꺼져 꺼짐 꺼졌 멈추 멈춰 멈춤 멈췄 먹통 렉 버벅 "
           "느려 느림 로딩 로그인 로그아웃 비밀번호 비번 패스워드 앱 어플 애플리케이션 웹사이트 사이트 홈페이지 "
           "설치 업데이트 소프트웨어 프로그램 와이파이 인터넷 네트워크 서버 접속 동기화 다운로드 업로드 알림 "
           "인증번호 재부팅 크래시 핸드폰 휴대폰 스마트폰 노트북 컴퓨터 태블릿 배터리 충전기 블루투스 화면 "
           "깜빡 버퍼링 백지 흰화면",
        ko_weak="페이지 버튼 링크 실행 기기 폰 인증 코드 재설정",
    ),
    "sales": _entry(
        en="buy buying purchase purchasing shop shopping catalog catalogue discount discounts sale sales pricing "
           "quote recommend recommendation recommendations wholesale bulk promotion promo coupon sell selling seller "
           "bestseller bestselling preorder restock reorder newest bundle",
        en_weak="price prices offer offers interested stock available cost deal deals upgrade gift model models suggest "
                "equipment gear",
        ko="구매하 구입하 살게 살래 살까 사려 살려고 사야 지름신 지를 질러 질렀 이벤트 행사 신모델 신형 예약구매 사전예약 쇼핑 카탈로그 할인 세일 견적 추천 신제품 신상 재고 장바구니 "
           "프로모션 쿠폰 판매 도매 대량 구경 장비 풀세트 신상품",
        ko_weak="가격 상품 제품 주문하 구매 구입 선물",
    ),
    "repairs": _entry(
        en="repair repairs repaired fix fixed fixing broken broke break breaks damaged damage defect defective "
           "faulty cracked crack dented leaking leak leaks exploding exploded explode explodes malfunction "
           "malfunctioning replace replacement shattered torn ripped rusted bent snapped frayed busted kaput "
           "wonky fizzled shorted wobbly squeaky rattles peeling haywire deflates deflated deflating rusty",
        en_weak="return returns loose dead died dies warranty",
        ko="수리 고장 고치 고쳐 고칠 고친 고침 수선 망가 부서지 부서져 부서졌 부숴 깨지 깨져 깨졌 깨진 박살 파손 불량 하자 결함 찌그러 "
           "찢어 찢겨 누수 새요 새는 샌다 새고 폭발 터지 터져 터졌 터진 교환 에이에스 보증 녹슬 휘어 휘었 부러 끊어져 끊어졌 "
           "끊겼 헐거 덜렁거 흔들거",  # the last three: loose or wobbly, a handle, a wheel, a screw
        ko_weak="헐렁",
    ),
    "malfunction": _entry(  # something does not do what it should; repairs for things, technical for apps
        en="misfire misfires misfired misfiring jammed jams dud stall stalls stalled stalling sputter sputters sputtered",
        en_weak="stuck",
        ko="오작동",
    ),
    "problem": _entry(  # generic: says something is wrong, not what
        en_weak="issue issues problem problems trouble wrong help question",
        ko_weak="문제 이상해 이상하 불편 도와 도움 이상 작동",
    ),
    "human": _entry(
        en="human humans person representative rep operator staff employee",
        en_weak="someone somebody agent people",
        ko="상담원 상담사 상담직원 직원 콜센터 유인상담",
        ko_weak="사람 담당자 고객센터 상담",
    ),
    "boss": _entry(  # a person with authority: an escalation when asked for or complained to, else just a word
        en="manager managers manger supervisor supervisors boss superior superiors",
        ko="매니저 메니저 관리자 책임자 윗사람 윗분 윗선 상급자 상사 팀장 점장 사장 대표님",
    ),
    "escalate": _entry(
        en="escalate escalation complaint complaints complain lawyer lawyers attorney lawsuit sue suing court "
           "legal solicitor ombudsman regulator police fraud breach breached breaching violate violated violates violating "
           "violation violations liable liability negligence negligent",
        en_weak="report formal rude unprofessional",
        ko="따져야 따지러 따질 항의 민원 컴플레인 클레임 고소 소송 법적 법원 변호사 소비자원 소비자보호원 공정위 고발 불친절 무례 내용증명 "
           "법대로 불쾌 도용 경찰 사기 응대태도",
        ko_weak="신고 위반",
    ),
    "shipping": _entry(
        en="ship shipping shipment shipped delivery deliver delivered deliveries package packages parcel "
           "tracking courier carrier postal dispatch dispatched transit ups fedex usps dhl customs",
        en_weak="arrive arrived arrival address mail track late",
        ko="배송 배달 택배 송장 운송장 출고 배송지 기사님 택배사 우체국 수령 통관 세관 해외배송 직구 함흥차사 우편물",
        ko_weak="도착 주소 분실 이사",
    ),
    "account": _entry(
        en="profile email username settings signup register registration membership privacy gdpr newsletter "
           "unsubscribe nickname",
        en_weak="account accounts address name data personal preferences",
        ko="계정 회원 회원정보 회원등급 프로필 이메일 아이디 닉네임 설정 가입 탈퇴 개인정보 전화번호 연락처 수신거부 명의",
        ko_weak="주소 이름 정보 등록 철자 데이터",
    ),
    "general": _entry(  # ordinary questions that fit no department
        en="information info hours store location policy feedback suggestion partnership careers job inquiry "
           "enquiry office headquarters branch transcripts brochure feedback",
        en_weak="question questions details detail change curious",
        ko="영업시간 운영시간 운영하 휴무 매장 위치 정책 건의 제안 제휴 채용 방문 지점 본사 사무실 창구 브로슈어 의견 피드백",
        ko_weak="문의 질문 궁금 변경 안내",
    ),
    "finish": _entry(  # for tools only: a tool that ends the conversation
        en="end finish close conclude goodbye bye wrap complete",
        ko="종료 마무리 끝내 끝",
    ),
}

# Concepts that name what a customer wants (routing and "outside this agent's purview" use these).
INTENT_CONCEPTS = ("billing", "refund", "technical", "sales", "repairs", "human", "escalate", "shipping",
                   "account")
# Concepts that make a request a real support request when no specific route fits ("other" rather than "ask").
DOMAIN_CONCEPTS = INTENT_CONCEPTS + ("general",)
GENERIC_CONCEPTS = ("problem", "general")

# A message concept standing in for a tool concept the tool does not name itself: (said, offered) -> factor.
RELATED: dict[tuple[str, str], float] = {
    ("refund", "billing"): 0.6,
    ("refund", "repairs"): 0.5,
    ("repairs", "problem"): 0.6,
    ("technical", "problem"): 0.4,
    ("technical", "repairs"): 0.5,
    ("repairs", "technical"): 0.6,  # "the video player is broken": where no repairs desk exists, a technical matter
    ("billing", "problem"): 0.3,
    ("shipping", "problem"): 0.8,  # an order that never came is an issue where no delivery desk is offered
    ("malfunction", "repairs"): 0.8,
    ("malfunction", "technical"): 0.7,
    ("malfunction", "problem"): 1.0,
    ("escalate", "human"): 0.6,
    ("escalate", "problem"): 0.5,
    ("human", "escalate"): 0.6,
    ("boss", "human"): 0.5,
    ("account", "general"): 0.5,
}


# Words that describe an earlier purchase ("the skates I bought", "주문한 게"): not a wish to buy something new.
PAST_PURCHASE = patterns.compile(r"\b(?:bought|ordered|purchased)\b|\bmy (?:order|purchase)\b|"
                           r"(?:샀|산\s|주문한|주문했|구매한|구매했|구입한|구입했|시킨|시켰)", re.IGNORECASE)
# Words that are also first names: capitalised in mid-sentence, they are a person ("my daughter Sue").
NAME_WORDS = frozenset({"sue", "bill", "chase", "mark", "rose", "grace"})
# Labels for talking about a concept to the customer, in each language.
LABELS: dict[str, dict[str, str]] = {
    "billing": {"en": "billing", "ko": "결제·청구"},
    "refund": {"en": "a refund", "ko": "환불"},
    "technical": {"en": "a technical problem", "ko": "기술 문제"},
    "sales": {"en": "buying something", "ko": "구매"},
    "repairs": {"en": "repairs", "ko": "수리"},
    "problem": {"en": "a problem", "ko": "문제"},
    "human": {"en": "a person", "ko": "상담원 연결"},
    "escalate": {"en": "a manager", "ko": "관리자 연결"},
    "shipping": {"en": "delivery", "ko": "배송"},
    "account": {"en": "your account", "ko": "계정"},
    "general": {"en": "a general question", "ko": "일반 문의"},
    "other": {"en": "something else", "ko": "기타"},
    "technical_option": {"en": "technical", "ko": "기술"},
}
