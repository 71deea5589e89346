package io.paypipe.reconcile.recon.schedule;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.bill.guard.BillDay;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.Source;
import io.paypipe.reconcile.recon.intake.BillMerchants;
import io.paypipe.reconcile.recon.intake.BillMerchants.Account;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The day's scheduled runs, decided at each {@link #tick()}: once the channel's local
 * time (Asia/Shanghai for WeChat Pay and Alipay, UTC for Stripe) is past {@code runAt},
 * and once per local day, T+1 of the day before and T+3 of three days before are started
 * for every account of the channel in the merchants file (each sub-merchant of a service
 * provider). After a restart the day's runs are started again: a T+1 or T+3 that finished
 * is joined (nothing runs twice), a blocked one runs again. Not thread safe (one
 * scheduler thread).
 */
final class DailyRuns {

    private static final Logger log = LoggerFactory.getLogger(DailyRuns.class);

    private final BillMerchants merchants;

    private final Consumer<RunRequest> start;

    private final LocalTime runAt;

    private final Clock clock;

    private final Map<Channel, LocalDate> done = new EnumMap<>(Channel.class);

    DailyRuns(BillMerchants merchants, Consumer<RunRequest> start, LocalTime runAt, Clock clock) {
        this.merchants = merchants;
        this.start = start;
        this.runAt = runAt;
        this.clock = clock;
    }

    void tick() {
        for (Channel channel : Channel.values()) {
            ZonedDateTime local = clock.instant().atZone(new BillDay(channel, LocalDate.EPOCH).zone());
            LocalDate today = local.toLocalDate();
            if (local.toLocalTime().isBefore(runAt) || today.equals(done.get(channel))) {
                continue;
            }
            done.put(channel, today);
            log.info("recon schedule: {} {} past {}: T+1 of {} and T+3 of {} for {} accounts", channel.code(), today,
                    runAt, today.minusDays(1), today.minusDays(3), merchants.accounts(channel).size());
            for (Account account : merchants.accounts(channel)) {
                start(account, today.minusDays(1), RunKind.T_PLUS_1);
                start(account, today.minusDays(3), RunKind.T_PLUS_3);
            }
        }
    }

    private void start(Account account, LocalDate day, RunKind kind) {
        RunRequest request = new RunRequest(account.channel(), account.merchantId(), day, kind, new Source.Fetch(),
                Optional.empty());
        try {
            start.accept(request);
        }
        catch (RuntimeException ex) {
            log.error("recon schedule: {} could not start: {}", request, ex.toString());
        }
    }

}
