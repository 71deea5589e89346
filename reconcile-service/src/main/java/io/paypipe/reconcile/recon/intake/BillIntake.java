package io.paypipe.reconcile.recon.intake;

import io.paypipe.channel.bill.BillDownloadRegistry;
import io.paypipe.channel.bill.BillFetch;
import io.paypipe.channel.bill.BillFile;
import io.paypipe.channel.bill.BillRequest;
import io.paypipe.core.id.MerchantId;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import io.paypipe.reconcile.bill.alipay.AlipayBillParser;
import io.paypipe.reconcile.bill.guard.BillGuards;
import io.paypipe.reconcile.bill.guard.Guard;
import io.paypipe.reconcile.bill.guard.Reason;
import io.paypipe.reconcile.bill.guard.Verdict;
import io.paypipe.reconcile.bill.stripe.StripeBillParser;
import io.paypipe.reconcile.bill.stripe.StripeSummaryParser;
import io.paypipe.reconcile.bill.wechatpay.WechatBillParser;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.Source;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Reads a batch's bill into a sink, streamed: downloaded from the channel through
 * channel-clients' {@link BillDownloadRegistry} (WeChat's SHA-1 {@code hash_value}
 * verified, Stripe's summary report read first), or opened from a file. Each channel's
 * parser reads its format; every byte read is counted. Never throws for what the channel
 * or the file holds: a bill that cannot be read to its end is {@link Intake.Refused} with
 * its reason (NOT_READY, FETCH_FAILED, UNREADABLE).
 */
@Component
public class BillIntake {

    private static final Logger log = LoggerFactory.getLogger(BillIntake.class);

    private final BillDownloadRegistry downloads;

    private final BillMerchants merchants;

    private final String stripeCurrency;

    BillIntake(BillDownloadRegistry downloads, BillMerchants merchants, ReconcileProperties props) {
        this.downloads = downloads;
        this.merchants = merchants;
        this.stripeCurrency = props.stripe().currency();
    }

    public Intake read(RunRequest request, Consumer<BillLine> sink, ByteCounter counter) {
        return switch (request.source()) {
            case Source.Fetch fetch -> fetch(request, sink, counter);
            case Source.Import file -> open(request, file, sink, counter);
        };
    }

    private Intake fetch(RunRequest request, Consumer<BillLine> sink, ByteCounter counter) {
        BillRequest ask = new BillRequest(MerchantId.of(request.merchantId()),
                merchants.providerOf(request.channel(), request.merchantId()), request.day());
        BillFetch answer;
        try {
            answer = downloads.of(request.channel()).fetch(ask);
        }
        catch (RuntimeException ex) {
            answer = new BillFetch.Failed(ex.toString());
        }
        return switch (answer) {
            case BillFetch.Ready ready -> {
                try (BillFile file = ready.file()) {
                    counter.length(file.length());
                    yield parse(request, new CountingInputStream(file.body(), counter), file.sha1Hex(), file.summary(),
                            sink, counter);
                }
                catch (IOException ex) {
                    yield broken(request, counter, ex);
                }
            }
            case BillFetch.NotReady notReady -> refused(request, Guard.NOT_READY,
                    "the channel has no bill for the day yet: " + notReady.code() + " " + notReady.message());
            case BillFetch.Failed failed -> refused(request, Guard.FETCH_FAILED, failed.reason());
        };
    }

    private Intake open(RunRequest request, Source.Import file, Consumer<BillLine> sink, ByteCounter counter) {
        try (InputStream bill = Files.newInputStream(file.bill());
                InputStream summary = (file.summary().isPresent()) ? Files.newInputStream(file.summary().get())
                        : InputStream.nullInputStream()) {
            counter.length(Files.size(file.bill()));
            return parse(request, new CountingInputStream(bill, counter), Optional.empty(),
                    file.summary().map((p) -> summary), sink, counter);
        }
        catch (IOException ex) {
            return (counter.bytesRead() == 0)
                    ? refused(request, Guard.FETCH_FAILED, "cannot open " + file.bill() + ": " + ex)
                    : broken(request, counter, ex);
        }
    }

    private Intake parse(RunRequest request, InputStream body, Optional<String> sha1Hex, Optional<InputStream> summary,
            Consumer<BillLine> sink, ByteCounter counter) throws IOException {
        try {
            ParsedBill bill = switch (request.channel()) {
                case WECHATPAY -> new WechatBillParser().parse(body, sink, sha1Hex);
                case ALIPAY -> new AlipayBillParser(request.merchantId()).parse(body, sink);
                case STRIPE -> new StripeBillParser(request.merchantId(), stripeSummary(summary)).parse(body, sink);
            };
            return new Intake.Read(bill);
        }
        catch (BillFormatException ex) {
            Reason reason = (BillGuards.unreadable(ex) instanceof Verdict.Blocked blocked) ? blocked.reasons().get(0)
                    : new Reason(Guard.UNREADABLE, String.valueOf(ex.getMessage()));
            log.warn("recon {}: the bill is unreadable after {} bytes: {}", request, counter.bytesRead(),
                    ex.getMessage());
            return new Intake.Refused(reason);
        }
    }

    private Optional<BillSummary> stripeSummary(Optional<InputStream> summary) throws IOException {
        if (summary.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new StripeSummaryParser(stripeCurrency).parse(summary.get()));
    }

    private static Intake broken(RunRequest request, ByteCounter counter, IOException ex) {
        return refused(request, Guard.FETCH_FAILED,
                "reading the bill broke off after " + counter.bytesRead() + " bytes: " + ex);
    }

    private static Intake refused(RunRequest request, Guard guard, String detail) {
        log.warn("recon {}: {} {}", request, guard, detail);
        return new Intake.Refused(new Reason(guard, detail));
    }

}
