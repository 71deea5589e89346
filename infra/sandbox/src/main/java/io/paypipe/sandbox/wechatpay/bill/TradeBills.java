package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.BillZones;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import io.paypipe.sandbox.wechatpay.bill.TradeBill.Delivery;
import io.paypipe.sandbox.wechatpay.bill.TradeBillFormat.BillAccount;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Which ALL trade bill WeChat Pay serves for a merchant's day: the settlements the
 * {@link SettlementBook} holds for the day in Beijing time (payments and refunds;
 * WeChat's trade bill has no fee lines, so a fee settlement is not listed), served as the
 * {@link BillScenario} armed for that merchant and day says (see its javadoc). A service
 * provider asking without a {@code sub_mchid} gets the bill of all its sub-merchants
 * (scenarios armed under its own mchid). A day is billed once it is over in Beijing by
 * the sandbox's clock.
 */
final class TradeBills {

    private final SettlementBook book;

    private final BillScenarios scenarios;

    private final Clock clock;

    TradeBills(SettlementBook book, BillScenarios scenarios, Clock clock) {
        this.book = book;
        this.scenarios = scenarios;
        this.clock = clock;
    }

    /** Whether {@code day} is over in Beijing: WeChat has no bill of today or later. */
    boolean billed(LocalDate day) {
        return scenarios.billed(day, LocalDate.now(clock.withZone(BillZones.zone(Channel.WECHATPAY))));
    }

    /**
     * The bill of {@code day} of {@code account}'s sub-merchant {@code subMchid}, or of
     * the account itself (all its sub-merchants for a service provider).
     */
    TradeBill of(WechatPaySandboxMerchant account, Optional<String> subMchid, LocalDate day) {
        String owner = subMchid.orElse(account.merchantId());
        List<String> merchants = subMchid.map(List::of)
            .orElse(account.isServiceProvider() ? account.subMerchantIds() : List.of(account.merchantId()));
        BillAccount billed = new BillAccount(account.appId(), account.merchantId(), account.isServiceProvider());
        BillScenarios.Armed armed = scenarios.of(Channel.WECHATPAY, owner, day);
        return switch (armed.scenario()) {
            case COMPLETE -> new TradeBill(billed, recorded(merchants, day), true, true, false, Delivery.FILE);
            case SUMMARY_NO_ROWS -> new TradeBill(billed, recorded(merchants, day), false, true, false, Delivery.FILE);
            case SUMMARY_DISAGREES -> new TradeBill(billed, recorded(merchants, day), true, true, true, Delivery.FILE);
            case DROP_95 ->
                new TradeBill(billed, everyTwentieth(recorded(merchants, day)), true, true, false, Delivery.FILE);
            case NO_SUMMARY -> new TradeBill(billed, recorded(merchants, day), true, false, false, Delivery.FILE);
            case ERROR_PAGE -> new TradeBill(billed, recorded(merchants, day), true, true, false, Delivery.ERROR_PAGE);
            case ERROR_JSON -> new TradeBill(billed, recorded(merchants, day), true, true, false, Delivery.ERROR_JSON);
            case TRUNCATED -> new TradeBill(billed, recorded(merchants, day), true, true, false, Delivery.TRUNCATED);
            case OTHER_DAY ->
                new TradeBill(billed, recorded(merchants, day.minusDays(1)), true, true, false, Delivery.FILE);
            case GENERATED -> new TradeBill(billed, new BillRows.Generated(owner, day, armed.generatedLines()), true,
                    true, false, Delivery.FILE);
        };
    }

    /** The scenario armed for the bill (COMPLETE when none). */
    BillScenario scenario(WechatPaySandboxMerchant account, Optional<String> subMchid, LocalDate day) {
        return scenarios.of(Channel.WECHATPAY, subMchid.orElse(account.merchantId()), day).scenario();
    }

    private BillRows.Recorded recorded(List<String> merchants, LocalDate day) {
        List<Settlement> rows = new ArrayList<>();
        for (String merchant : merchants) {
            book.of(Channel.WECHATPAY, merchant, BillZones.start(Channel.WECHATPAY, day),
                    BillZones.end(Channel.WECHATPAY, day))
                .stream()
                .filter(s -> s.kind() != Settlement.Kind.FEE)
                .forEach(rows::add);
        }
        rows.sort(Comparator.comparing(Settlement::at));
        return new BillRows.Recorded(rows);
    }

    /** Settlements 0, 20, 40, ... of the day: what is left after a 95 % drop. */
    private static BillRows.Recorded everyTwentieth(BillRows.Recorded day) {
        List<Settlement> all = day.settlements();
        return new BillRows.Recorded(
                IntStream.range(0, all.size()).filter(i -> i % 20 == 0).mapToObj(all::get).toList());
    }

}
