package io.paypipe.reconcile.recon.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.embedded.MutableClock;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.Source;
import io.paypipe.reconcile.recon.web.RunForms.Form;
import io.paypipe.reconcile.recon.web.RunForms.ImportBody;
import io.paypipe.reconcile.recon.web.RunForms.RunBody;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start requests as read from their bodies: defaults, and each way a request cannot
 * run (400) before any batch exists.
 */
class RunFormsTest {

    /** 2026-12-01 00:30 in Beijing, still 2026-11-30 in UTC. */
    private final RunForms forms = new RunForms(new MutableClock(Instant.parse("2026-11-30T16:30:00Z")), false);

    @TempDir
    Path dir;

    @Test
    void givenARunWithoutKind_whenRead_thenItIsAT1FetchOfTheDay() {
        Form form = forms.run(new RunBody("wechatpay", "1900000100", "2026-11-30", null, null, " "), "ops-anna");

        assertThat(form).isEqualTo(new Form.Valid(new RunRequest(Channel.WECHATPAY, "1900000100",
                LocalDate.of(2026, 11, 30), RunKind.T_PLUS_1, new Source.Fetch(), Optional.empty())));
    }

    @Test
    void givenAnImportWithoutKind_whenRead_thenItIsARerunOfTheFileWithItsConfirmation() throws Exception {
        Path bill = Files.writeString(dir.resolve("bill.csv"), "x");
        Path summary = Files.writeString(dir.resolve("summary.csv"), "x");

        Form form = forms.imported(
                new ImportBody(bill.toString(), summary.toString(), "stripe", "acct_1", "2026-11-29", null, true, null),
                "ops-anna");

        assertThat(form).isEqualTo(new Form.Valid(new RunRequest(Channel.STRIPE, "acct_1", LocalDate.of(2026, 11, 29),
                RunKind.RERUN, new Source.Import(bill, Optional.of(summary)), Optional.of("ops-anna"))));
    }

    @Test
    void givenADayNotOverInTheChannelsZone_whenRead_thenItIsInvalidWhileTheSameDayInUtcIsNotForStripe() {
        assertThat(forms.run(new RunBody("alipay", "2021", "2026-12-01", "T+1", null, null), "ops-anna"))
            .isEqualTo(new Form.Invalid("the day 2026-12-01 is not over yet in Asia/Shanghai: no bill yet"));
        assertThat(forms.run(new RunBody("stripe", "acct_1", "2026-11-30", "T+1", null, null), "ops-anna"))
            .isEqualTo(new Form.Invalid("the day 2026-11-30 is not over yet in Z: no bill yet"));
        assertThat(forms.run(new RunBody("alipay", "2021", "2026-11-30", "T+1", null, null), "ops-anna"))
            .isInstanceOf(Form.Valid.class);
    }

    @Test
    void givenTodayAllowedForTheSandbox_whenRead_thenTodayIsValidAndTomorrowStillNot() {
        // Given runs of today allowed (reconcile.bill.current-day-allowed: the sandbox
        // bills today)
        RunForms allowing = new RunForms(new MutableClock(Instant.parse("2026-11-30T16:30:00Z")), true);

        // Then today in the channel's zone is a day to reconcile, tomorrow is not
        assertThat(allowing.run(new RunBody("alipay", "2021", "2026-12-01", "RERUN", null, null), "ops-anna"))
            .isEqualTo(new Form.Valid(new RunRequest(Channel.ALIPAY, "2021", LocalDate.of(2026, 12, 1), RunKind.RERUN,
                    new Source.Fetch(), Optional.empty())));
        assertThat(allowing.run(new RunBody("stripe", "acct_1", "2026-11-30", "RERUN", null, null), "ops-anna"))
            .isInstanceOf(Form.Valid.class);
        assertThat(allowing.run(new RunBody("stripe", "acct_1", "2026-12-01", "RERUN", null, null), "ops-anna"))
            .isEqualTo(new Form.Invalid("the day 2026-12-01 is not over yet in Z: no bill yet"));
    }

    @Test
    void givenFieldsItCannotRead_whenRead_thenEachIsInvalidWithItsMessage() {
        assertThat(forms.run(new RunBody("paypal", "m", "2026-11-29", null, null, null), "ops-anna"))
            .isEqualTo(new Form.Invalid("channel must be wechatpay, alipay or stripe"));
        assertThat(forms.run(new RunBody("alipay", "", "2026-11-29", null, null, null), "ops-anna"))
            .isEqualTo(new Form.Invalid("merchantId must be 1 to 64 characters"));
        assertThat(forms.run(new RunBody("alipay", "m", "29.11.2026", null, null, null), "ops-anna"))
            .isEqualTo(new Form.Invalid("day must be yyyy-MM-dd"));
        assertThat(forms.run(new RunBody("alipay", "m", "2026-11-29", "T+2", null, null), "ops-anna"))
            .isEqualTo(new Form.Invalid("kind must be T+1, T+3 or RERUN"));
        assertThat(forms.run(new RunBody("alipay", "m", "2026-11-29", "t_plus_3", null, null), "ops-anna"))
            .satisfies((f) -> assertThat(((Form.Valid) f).request().kind()).isEqualTo(RunKind.T_PLUS_3));
    }

    @Test
    void givenAConfirmedByNamingSomeoneElse_whenRead_thenItIsInvalidAndTheSignedInNameConfirms() {
        // Given a body that still names the person who confirms a drop
        RunBody naming = new RunBody("alipay", "2021", "2026-11-29", "RERUN", null, "mallory");

        // Then it is refused when the name is not the signed-in account's, and the
        // signed-in account confirms when it is
        assertThat(forms.run(naming, "ops-anna")).isEqualTo(new Form.Invalid(
                "confirmedBy is taken from your sign-in (ops-anna): send \"confirmDrop\": true instead of naming"
                        + " someone else"));
        assertThat(forms.run(naming, "mallory"))
            .satisfies((f) -> assertThat(((Form.Valid) f).request().confirmedBy()).contains("mallory"));
        assertThat(forms.run(new RunBody("alipay", "2021", "2026-11-29", "RERUN", false, null), "ops-anna"))
            .satisfies((f) -> assertThat(((Form.Valid) f).request().confirmedBy()).isEmpty());
    }

    @Test
    void givenAnImportPathThatIsRelativeOrMissing_whenRead_thenItIsInvalid() {
        String message = "path must be the absolute path of a readable file on the service's machine";

        assertThat(forms.imported(new ImportBody("bill.csv", null, "wechatpay", "m", "2026-11-29", null, null, null),
                "ops-anna"))
            .isEqualTo(new Form.Invalid(message));
        assertThat(forms.imported(new ImportBody(dir.resolve("gone.csv").toString(), null, "wechatpay", "m",
                "2026-11-29", null, null, null), "ops-anna"))
            .isEqualTo(new Form.Invalid(message));
        assertThat(forms.imported(
                new ImportBody(dir.toString(), null, "wechatpay", "m", "2026-11-29", null, null, null), "ops-anna"))
            .as("a directory")
            .isEqualTo(new Form.Invalid(message));
    }

}
