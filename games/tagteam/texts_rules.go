package tagteam

import "stolik/engine"

// Texts of the rules' options (docs/games/tagteam.md, "Our rulings"): what
// a person reads when choosing them, in Polish and English.
var (
	helpFeyFolkChooseOpening = engine.Text{
		PL: "Gracz Baśniowego ludu sam wybiera postać, która zaczyna walkę; inaczej zaczyna Elf.",
		EN: "The Fey Folk's player chooses the character that opens the fight; otherwise the Elf opens.",
	}
	helpHPCheckAfterHeal = engine.Text{
		PL: "Warunek „jeśli masz 16 PZ” po NASTĘPNIE liczy leczenie i obrażenia z wcześniejszych akcji tury (Lizanie ran przy 14 PZ: leczenie do 16, potem intryga); inaczej liczy się pole, na którym stoi znacznik.",
		EN: "A condition \u201cif you have 16 HP\u201d after THEN counts the heals and damage of the turn's earlier actions (Licking My Wounds on 14 HP: heal to 16, then plant a scheme); otherwise the marker's space counts.",
	}
	helpUnleashFromSupply = engine.Text{
		PL: "Milady bez zawiązanych intryg wyzwala wierzchnią intrygę z zapasu; inaczej nic się nie dzieje.",
		EN: "Milady with no planted scheme unleashes the top scheme of the supply; otherwise nothing happens.",
	}
	helpPresenceIsBlock = engine.Text{
		PL: "Atak zatrzymany przez żeton obecności Golema liczy się jako zablokowany: nie daje premii za sukces, a „Co cię nie zabije, mnie wzmocni” daje moc.",
		EN: "An attack stopped by the Golem's Presence token counts as blocked: no success bonus, and What Doesn't Kill You Makes Me Stronger gains its power.",
	}
	helpPresenceSpentByZero = engine.Text{
		PL: "Atak o sile 0 też zużywa żeton obecności Golema.",
		EN: "An attack of strength 0 also uses up the Golem's Presence token.",
	}
	helpReanimationMovesTwice = engine.Text{
		PL: "Reanimacja: drugie rozpatrzenie karty Golema przesuwa znaczniki zdrowia osobno, więc pole stop zatrzymuje je dwa razy; inaczej oba sumują się w jeden ruch.",
		EN: "Reanimation: the second resolution of the Golem's card moves the health markers on its own, so a stop space halts them twice; otherwise both add up to one move.",
	}
	helpAflameJumps = engine.Text{
		PL: "Podpalenie zawodnika bez żetonu podpalenia najpierw zwraca Shango żetony z jego partnera (ogień przeskakuje); inaczej żetony partnera zostają.",
		EN: "Igniting a fighter with no Aflame! token first sends its partner's Aflame! tokens back to Shango (the fire jumps); otherwise the partner keeps them.",
	}
	helpSoulSiphonCombined = engine.Text{
		PL: "Wysysanie duszy leczy o łączną moc wszystkich przeciwników, których ataki zablokowało; inaczej o moc aktywnego przeciwnika.",
		EN: "Soul Siphon heals the combined power of every opponent whose attack it cancelled; otherwise the active opponent's power.",
	}
	helpReviveAtOnce = engine.Text{
		PL: "Maman Brijit wraca na 4 PZ, gdy tylko jej znacznik zatrzyma się na polu wskrzeszenia, a późniejsze zmiany PZ tej tury liczą się od 4; inaczej wraca na końcu tury, a pole wskrzeszenia pochłania późniejsze obrażenia.",
		EN: "Maman Brijit comes back on 4 HP as soon as her marker stops on the revive space, and the turn's later HP changes count from 4; otherwise she comes back at the end of the turn and the revive space swallows later damage.",
	}
	helpTransferFromStart = engine.Text{
		PL: "Przekazanie mocy przenosi najwyżej tyle kostek, ile dający miał na początku tury; inaczej tyle, ile ma po zmianach tego etapu.",
		EN: "A power transfer moves at most the cubes the giver had at the start of the turn; otherwise what it holds after the stage's changes.",
	}
)
