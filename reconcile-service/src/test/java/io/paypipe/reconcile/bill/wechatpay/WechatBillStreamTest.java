package io.paypipe.reconcile.bill.wechatpay;

import static io.paypipe.reconcile.bill.wechatpay.WechatBills.gzip;
import static io.paypipe.reconcile.bill.wechatpay.WechatBills.parse;
import static io.paypipe.reconcile.bill.wechatpay.WechatBills.sample;
import static io.paypipe.reconcile.bill.wechatpay.WechatBills.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.ParsedBill;
import io.paypipe.reconcile.bill.wechatpay.WechatBills.Parsed;
import java.io.ByteArrayInputStream;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The bill as it is downloaded: gzip or not, checked against step 1's SHA-1, and big. */
class WechatBillStreamTest {

    private static String sha1Hex(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
    }

    private static ParsedBill parseWithHash(byte[] bill, String sha1Hex) throws Exception {
        return new WechatBillParser().parse(new ByteArrayInputStream(bill), (line) -> {
        }, Optional.of(sha1Hex));
    }

    @Test
    void givenAGzipBill_whenParsed_thenItReadsAsThePlainBill() throws Exception {
        byte[] plain = utf8(sample("all.csv"));

        Parsed parsed = parse(gzip(plain));

        assertThat(parsed.lines()).isEqualTo(parse(plain).lines());
        assertThat(parsed.bill()).isEqualTo(parse(plain).bill());
    }

    @Test
    void givenATruncatedGzipBill_whenParsed_thenItIsRejected() {
        byte[] gz = gzip(utf8(sample("all.csv")));
        byte[] cut = Arrays.copyOf(gz, gz.length - 20);

        assertThatThrownBy(() -> parse(cut)).isInstanceOf(BillFormatException.class)
            .hasMessageContaining("gzip stream is truncated");
    }

    @Test
    void givenAGzipBillCutInsideItsHeader_whenParsed_thenItIsRejected() {
        byte[] cut = Arrays.copyOf(gzip(utf8(sample("all.csv"))), 5);

        assertThatThrownBy(() -> parse(cut)).isInstanceOf(BillFormatException.class)
            .hasMessageContaining("gzip stream is truncated");
    }

    @Test
    void givenTheSha1OfTheUncompressedFile_whenAGzipBillIsParsed_thenItIsAccepted() throws Exception {
        byte[] plain = utf8(sample("all.csv"));

        ParsedBill parsed = parseWithHash(gzip(plain), sha1Hex(plain).toUpperCase());

        assertThat(parsed.lines()).isEqualTo(3);
    }

    @Test
    void givenAHashThatDoesNotMatch_whenParsed_thenItIsRejected() throws Exception {
        byte[] plain = utf8(sample("all.csv"));
        String otherHash = sha1Hex(utf8(sample("success.csv")));

        assertThatThrownBy(() -> parseWithHash(plain, otherHash)).isInstanceOf(BillFormatException.class)
            .hasMessageContaining("SHA-1");
    }

    @Test
    void givenTheSha1OfTheCompressedBytes_whenAGzipBillIsParsed_thenItIsRejected() throws Exception {
        byte[] gz = gzip(utf8(sample("all.csv")));

        assertThatThrownBy(() -> parseWithHash(gz, sha1Hex(gz))).isInstanceOf(BillFormatException.class)
            .hasMessageContaining("SHA-1");
    }

    @Test
    void givenA200000LineBill_whenParsed_thenEachLineReachesTheSinkWhileTheFileIsStillBeingRead() throws Exception {
        GeneratedBill bill = new GeneratedBill(200_000);
        AtomicLong count = new AtomicLong();
        AtomicLong bytesReadAtFirstLine = new AtomicLong(-1);

        ParsedBill parsed = new WechatBillParser().parse(bill, (line) -> {
            if (count.getAndIncrement() == 0) {
                bytesReadAtFirstLine.set(bill.produced());
            }
        });

        assertThat(count).hasValue(200_000);
        assertThat(parsed.payments()).isEqualTo(200_000);
        assertThat(parsed.summary()).hasValueSatisfying((summary) -> assertThat(summary.lines()).isEqualTo(200_000));
        assertThat(bytesReadAtFirstLine.get()).as("bytes read when the first line was handed over")
            .isPositive()
            .isLessThan(bill.produced() / 100);
    }

}
