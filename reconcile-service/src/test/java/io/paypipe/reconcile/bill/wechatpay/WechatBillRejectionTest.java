package io.paypipe.reconcile.bill.wechatpay;

import static io.paypipe.reconcile.bill.wechatpay.WechatBills.ALL_HEADER;
import static io.paypipe.reconcile.bill.wechatpay.WechatBills.ALL_SUMMARY_HEADER;
import static io.paypipe.reconcile.bill.wechatpay.WechatBills.parse;
import static io.paypipe.reconcile.bill.wechatpay.WechatBills.sample;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.reconcile.bill.BillFormatException;
import java.nio.charset.Charset;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/** A bill WeChat's format does not allow stops the parse; it never shifts a column. */
class WechatBillRejectionTest {

    private static AbstractThrowableAssert<?, ? extends Throwable> assertRejected(String bill, long lineNumber) {
        return assertThatThrownBy(() -> parse(bill)).isInstanceOf(BillFormatException.class)
            .hasFieldOrPropertyWithValue("lineNumber", lineNumber);
    }

    @Test
    void givenADetailHeaderWithARenamedColumn_whenParsed_thenItIsRejected() {
        String bill = sample("all.csv").replace(ALL_HEADER, ALL_HEADER.replace("应结订单金额", "结算金额"));

        assertRejected(bill, 1).hasMessageContaining("unknown detail header");
    }

    @Test
    void givenADetailHeaderWithAnAddedColumn_whenParsed_thenItIsRejected() {
        String bill = sample("all.csv").replace(ALL_HEADER, ALL_HEADER + ",优惠类型");

        assertRejected(bill, 1).hasMessageContaining("unknown detail header");
    }

    @Test
    void givenADetailHeaderWithAMissingColumn_whenParsed_thenItIsRejected() {
        String bill = sample("all.csv").replace(ALL_HEADER, ALL_HEADER.replace(",费率备注", ""));

        assertRejected(bill, 1).hasMessageContaining("unknown detail header");
    }

    @Test
    void givenADetailHeaderWithTwoColumnsSwapped_whenParsed_thenItIsRejected() {
        String bill = sample("all.csv").replace(ALL_HEADER, ALL_HEADER.replace("微信订单号,商户订单号", "商户订单号,微信订单号"));

        assertRejected(bill, 1).hasMessageContaining("unknown detail header");
    }

    @Test
    void givenASummaryHeaderWithARenamedColumn_whenParsed_thenItIsRejected() {
        String bill = sample("all.csv").replace(ALL_SUMMARY_HEADER, ALL_SUMMARY_HEADER.replace("退款总金额", "退款金额"));

        assertRejected(bill, 5).hasMessageContaining("unknown summary header");
    }

    @Test
    void givenADetailRowWithAFieldTooMany_whenParsed_thenItIsRejectedWithItsLineNumber() {
        String bill = sample("all.csv").replace("`Tea,`,`0.00499", "`Tea,`,`extra,`0.00499");

        assertRejected(bill, 3).hasMessageContaining("expected 27 fields, found 28");
    }

    @Test
    void givenADetailRowWithAFieldMissing_whenParsed_thenItIsRejectedWithItsLineNumber() {
        String bill = sample("all.csv").replace("`Tea,`,`0.00499", "`Tea,`0.00499");

        assertRejected(bill, 3).hasMessageContaining("expected 27 fields, found 26");
    }

    @Test
    void givenAnAmountWithThreeDecimals_whenParsed_thenItIsRejectedAndNotRounded() {
        String bill = sample("all.csv").replace("`CNY,`0.01,", "`CNY,`0.011,");

        assertRejected(bill, 3).hasMessageContaining("应结订单金额");
    }

    @Test
    void givenATimeThatIsNotTheBillsFormat_whenParsed_thenItIsRejected() {
        String bill = sample("all.csv").replace("2026-11-29 10:00:00", "2026/11/29 10:00:00");

        assertRejected(bill, 3).hasMessageContaining("交易时间");
    }

    @Test
    void givenAnHtmlErrorPage_whenParsed_thenItIsNotABill() {
        assertRejected("<html><body>502 Bad Gateway</body></html>\n", 1).hasMessageContaining("not a bill");
    }

    @Test
    void givenAJsonErrorBody_whenParsed_thenItIsNotABill() {
        assertRejected("{\"code\":\"NO_STATEMENT_EXIST\",\"message\":\"no bill\"}", 1)
            .hasMessageContaining("not a bill");
    }

    @Test
    void givenAnEmptyDownload_whenParsed_thenItIsNotABill() {
        assertRejected("", 0).hasMessageContaining("not a bill");
    }

    @Test
    void givenAGbkEncodedBill_whenParsed_thenItIsNotABill() {
        byte[] gbk = sample("all.csv").getBytes(Charset.forName("GBK"));

        assertThatThrownBy(() -> parse(gbk)).isInstanceOf(BillFormatException.class).hasMessageContaining("not UTF-8");
    }

    @Test
    void givenASummaryHeaderWithoutItsRow_whenParsed_thenTheCutFileIsRejected() {
        String all = sample("all.csv");
        String bill = all.substring(0, all.indexOf(ALL_SUMMARY_HEADER) + ALL_SUMMARY_HEADER.length() + 1);

        assertRejected(bill, 5).hasMessageContaining("no summary row");
    }

    @Test
    void givenTextAfterTheSummaryRow_whenParsed_thenItIsRejected() {
        String bill = sample("all.csv") + "`4,`1.00\n";

        assertRejected(bill, 7).hasMessageContaining("after the summary row");
    }

    @Test
    void givenARefundStateRowWithoutRefundId_whenParsed_thenItIsRejected() {
        String bill = sample("all.csv").replace("`50300000012026112900000000001,", "`0,");

        assertRejected(bill, 4).hasMessageContaining("微信退款单号");
    }

}
