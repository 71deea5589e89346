package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.alipay.AlipayRefundDesk.Delivery;
import io.paypipe.sandbox.alipay.AlipayRefundDesk.Reply;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Alipay's bill service: the business of
 * {@code alipay.data.dataservice.bill.downloadurl.query} ({@code {bill_type:"trade",
 * bill_date:"yyyy-MM-dd"}}, answering the node the {@link AlipayGateway} signs) and the
 * download its {@code bill_download_url} points at.
 * <p>
 * A day's bill exists once the day is over in Beijing by the sandbox's clock: the day or
 * a later one is {@code 40004 isp.bill_not_exist} (Alipay: no bill of the current day;
 * its day bills appear the next morning, which the sandbox does not wait for). A
 * {@code bill_type} other than {@code trade}/{@code signcustomer} or a {@code bill_date}
 * that is no day is {@code 40004 isv.invalid-arguments} (Alipay's INVALID_ARGUMENTS; the
 * sub code is an assumption); {@code signcustomer} and month bills ({@code yyyy-MM}) are
 * {@code isp.bill_not_exist}: the sandbox keeps trade day bills only.
 * <p>
 * The URL is {@code <sandbox>/sandbox/alipay/bill/download?token=<32 characters>},
 * unsigned, valid {@code sandbox.alipay.bill-url-ttl} (Alipay: 30 s) for any number of
 * downloads. What it serves is decided when it is downloaded ({@link AlipayBillFiles}):
 * the armed {@code BillScenario} of (app, day) and the {@code SettlementBook}'s
 * settlements then.
 */
public final class AlipayBillDesk {

    static final String NOT_EXIST = "isp.bill_not_exist";

    static final String DOWNLOAD_PATH = "/sandbox/alipay/bill/download";

    /** One issued URL: whose bill of which day, until when. */
    record Grant(String appId, LocalDate day, Instant expiresAt) {
    }

    private final Clock clock;

    private final Duration urlTtl;

    private final AlipayBillFiles files;

    private final Map<String, Grant> grants = new ConcurrentHashMap<>();

    private final BillScenarios scenarios;

    public AlipayBillDesk(SettlementBook book, BillScenarios scenarios, Clock clock, Duration urlTtl) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.urlTtl = Objects.requireNonNull(urlTtl, "urlTtl");
        this.files = new AlipayBillFiles(book, scenarios, clock);
        this.scenarios = scenarios;
    }

    /**
     * {@code alipay.data.dataservice.bill.downloadurl.query} for the bill of app
     * {@code appId} (the app that called, or the app that authorised it); {@code baseUrl}
     * is where the sandbox is reached ({@code http://host:port}).
     */
    public Reply downloadUrl(String appId, Map<String, Object> biz, String baseUrl) {
        Object type = biz.get("bill_type");
        String date = String.valueOf(biz.get("bill_date"));
        if (!"trade".equals(type) && !"signcustomer".equals(type)) {
            return answer(invalidArguments());
        }
        Optional<LocalDate> day = day(date);
        if (day.isEmpty()) {
            return answer(date.matches("\\d{4}-\\d{2}") ? notExist() : invalidArguments());
        }
        Instant now = clock.instant();
        LocalDate today = LocalDate.ofInstant(now, AlipayBillCsv.BEIJING);
        if ("signcustomer".equals(type) || !scenarios.billed(day.get(), today)) {
            return answer(notExist());
        }
        grants.values().removeIf(g -> !g.expiresAt().isAfter(now));
        String token = AlipayCrypto.randomLowerAlphanumeric(32);
        grants.put(token, new Grant(appId, day.get(), now.plus(urlTtl)));
        Map<String, String> node = AlipayReplies.ok();
        node.put("bill_download_url", baseUrl + DOWNLOAD_PATH + "?token=" + token);
        return answer(node);
    }

    /**
     * What the URL with {@code token} serves now: the bill, an armed error page, or (a
     * token unknown or expired) Alipay's expired-link page.
     */
    public AlipayBillFiles.Served download(String token) {
        Grant grant = (token == null) ? null : grants.get(token);
        if (grant == null || !grant.expiresAt().isAfter(clock.instant())) {
            return AlipayBillFiles.expired();
        }
        return files.serve(grant.appId(), grant.day());
    }

    private static Map<String, String> invalidArguments() {
        return AlipayReplies.failed("isv.invalid-arguments", "参数不合法");
    }

    private static Map<String, String> notExist() {
        return AlipayReplies.failed(NOT_EXIST, "账单不存在");
    }

    private static Optional<LocalDate> day(String text) {
        try {
            return text.matches("\\d{4}-\\d{2}-\\d{2}") ? Optional.of(LocalDate.parse(text)) : Optional.empty();
        }
        catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static Reply answer(Map<String, String> node) {
        return new Reply(node, Delivery.ANSWER);
    }

}
